import type { ListingCardResponse } from '@swapbooth/contracts';
import type { SearchHit } from '../../domain/ports';

/**
 * One search hit shaped for the web client's product card (the contract's listing card). Unknown
 * facts stay `undefined` on the card: JSON leaves them out, so the client never sees them, and the
 * mapping copies no object twice (it runs for every hit of every search).
 */
export function toListingCard(hit: SearchHit): ListingCardResponse {
  const hasProfile =
    hit.sellerFirstName !== undefined ||
    hit.sellerLastName !== undefined ||
    hit.sellerUsername !== undefined ||
    hit.sellerAvatar !== undefined;
  return {
    product_id: hit.id,
    id: hit.id,
    slug: hit.slug,
    title: hit.title,
    type: hit.type,
    category: hit.category,
    subCategory: hit.subcategory,
    condition: hit.condition,
    tags: hit.tags,
    image_url: hit.coverImage,
    images: hit.coverImage ? [{ image_url: hit.coverImage, is_default: true }] : [],
    cover_variants: hit.coverVariants,
    user_id: hit.sellerId,
    userId: hit.sellerId,
    user_profile: hasProfile
      ? {
          first_name: hit.sellerFirstName,
          last_name: hit.sellerLastName,
          username: hit.sellerUsername,
          profile_image: hit.sellerAvatar,
        }
      : undefined,
    is_kyc_verified: hit.idVerified,
    rating_average: hit.ratingAverage,
    review_count: hit.ratingCount,
    booth: hit.boothName ? { name: hit.boothName, interests: hit.boothInterests } : undefined,
    city: hit.city,
    state: hit.state,
    zip: hit.zip,
    distance: hit.distance,
    created_at: new Date(hit.createdAt).toISOString(),
  };
}
