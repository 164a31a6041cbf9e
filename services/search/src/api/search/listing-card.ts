import type { SearchHit } from '../../engine';

/** The seller as the product card shows them. */
export interface CardProfile {
  first_name?: string;
  last_name?: string;
  username?: string;
  profile_image?: string;
}

/** One search hit shaped for the web client's product card; unknown facts are left out. */
export interface ListingCard {
  product_id: string;
  id: string;
  slug: string;
  title: string;
  type: 'item' | 'service';
  category: string;
  subCategory?: string;
  condition?: string;
  tags: string[];
  image_url?: string;
  images: Array<{ image_url: string; is_default: true }>;
  user_id: string;
  userId: string;
  user_profile?: CardProfile;
  is_kyc_verified?: boolean;
  rating_average?: number;
  review_count?: number;
  booth?: { name: string; interests: string[] };
  city?: string;
  state?: string;
  zip?: string;
  /** Miles from the search ZIP, one decimal. */
  distance?: number;
  created_at: string;
}

/**
 * Unknown facts stay `undefined` on the card: JSON leaves them out, so the client never sees
 * them, and the mapping copies no object twice (it runs for every hit of every search).
 */
export function toListingCard(hit: SearchHit): ListingCard {
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
