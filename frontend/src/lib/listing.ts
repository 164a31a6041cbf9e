import type {
  ListingCardResponse,
  ProductPageResponse,
  ProductResponse,
} from '@swapbooth/contracts';

/**
 * The listing as every screen uses it, mapped from the catalog's product view (SPEC §3) and from
 * search hits. Unknown or missing facts stay undefined; nothing is invented.
 */
export type ListingType = 'item' | 'service';
export type VariantWidth = 300 | 600 | 900;
export const VARIANT_WIDTHS: readonly VariantWidth[] = [300, 600, 900];

export interface ListingImage {
  url: string;
  isDefault: boolean;
  order: number;
  variants: Partial<Record<VariantWidth, string>>;
}

export interface Seller {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  avatar: string | undefined;
  verified: boolean;
  rating: number | undefined;
  reviewCount: number;
}

export interface Listing {
  id: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  subCategory: string | undefined;
  condition: string | undefined;
  brand: string | undefined;
  color: string | undefined;
  weight: number | undefined;
  type: ListingType;
  status: string;
  tags: string[];
  images: ListingImage[];
  cover: ListingImage | undefined;
  seller: Seller;
  booth:
    | { id: string | undefined; name: string; username: string | undefined; interests: string[] }
    | undefined;
  distance: number | undefined;
  location: { city?: string; state?: string; zip?: string } | undefined;
  addressId: string | undefined;
  createdAt: string | undefined;
}

/** Optional text as the card shows it: an empty string is as good as none. */
const text = (v: string | null | undefined): string | undefined => v || undefined;

const byOrder = (a: ListingImage, b: ListingImage) => a.order - b.order;

/** Maps a listing from the catalog (product view, SPEC §3). */
export function fromProduct(p: ProductResponse): Listing {
  const images = p.images
    .filter((i) => i.image_url)
    .map((i): ListingImage => ({
      url: i.image_url,
      isDefault: i.is_default,
      order: i.display_order,
      variants: i.variants,
    }))
    .sort(byOrder);
  const profile = p.user_profile;
  return {
    id: p.product_id,
    slug: p.slug || p.product_id,
    title: p.title,
    description: p.description,
    category: p.category,
    subCategory: text(p.subCategory),
    condition: text(p.condition),
    brand: text(p.brand),
    color: text(p.color),
    weight: p.weight,
    type: p.type,
    status: p.status,
    tags: p.tags,
    images,
    cover: images.find((i) => i.isDefault) ?? images[0],
    seller: {
      id: p.user_id,
      firstName: profile?.first_name ?? '',
      lastName: profile?.last_name ?? '',
      username: profile?.username ?? '',
      avatar: text(profile?.profile_image),
      verified: profile?.is_kyc_verified === true,
      rating: profile?.average_rating,
      reviewCount: profile?.rating_count ?? 0,
    },
    booth: p.booth?.name
      ? {
          id: p.booth.booth_id,
          name: p.booth.name,
          username: p.booth.username,
          interests: p.booth.interests,
        }
      : undefined,
    distance: undefined,
    location: p.location
      ? { city: p.location.city, state: p.location.state, zip: p.location.zip_code }
      : undefined,
    addressId: text(p.addressId),
    createdAt: p.created_at,
  };
}

/** Maps a search hit (a listing card from the search service). */
export function fromCard(c: ListingCardResponse): Listing {
  const images = c.images
    .filter((i) => i.image_url)
    .map((i, index): ListingImage => ({
      url: i.image_url,
      isDefault: true,
      order: index + 1,
      // The hit's one image is its cover: a card loads a resized copy rather than the original.
      variants: index === 0 && c.cover_variants ? c.cover_variants : {},
    }));
  const profile = c.user_profile;
  return {
    id: c.product_id,
    slug: c.slug || c.product_id,
    title: c.title,
    description: '',
    category: c.category,
    subCategory: text(c.subCategory),
    condition: text(c.condition),
    brand: undefined,
    color: undefined,
    weight: undefined,
    type: c.type,
    status: 'published',
    tags: c.tags,
    images,
    cover: images[0],
    seller: {
      id: c.user_id,
      firstName: profile?.first_name ?? '',
      lastName: profile?.last_name ?? '',
      username: profile?.username ?? '',
      avatar: text(profile?.profile_image),
      verified: c.is_kyc_verified === true,
      rating: c.rating_average,
      reviewCount: c.review_count ?? 0,
    },
    booth: c.booth?.name
      ? { id: undefined, name: c.booth.name, username: undefined, interests: c.booth.interests }
      : undefined,
    distance: c.distance,
    location: c.zip || c.city ? { city: c.city, state: c.state, zip: c.zip } : undefined,
    addressId: undefined,
    createdAt: c.created_at,
  };
}

/** `srcset` for an image's resized variants (300/600/900 wide). */
export function srcSetOf(image: ListingImage | undefined): string | undefined {
  if (!image) return undefined;
  const parts = VARIANT_WIDTHS.filter((w) => image.variants[w]).map(
    (w) => `${image.variants[w]} ${w}w`,
  );
  return parts.length ? parts.join(', ') : undefined;
}

/** The smallest variant at least `width` wide, else the original. */
export function imageAt(image: ListingImage | undefined, width: VariantWidth): string | undefined {
  if (!image) return undefined;
  const w = VARIANT_WIDTHS.find((v) => v >= width && image.variants[v]);
  return (w && image.variants[w]) || image.url;
}

export function sellerDisplayName(listing: Pick<Listing, 'booth' | 'seller'>): string {
  const booth = listing.booth?.name?.trim();
  if (booth) return booth;
  return [listing.seller.firstName, listing.seller.lastName].filter(Boolean).join(' ') || 'Member';
}

export interface ListingPage {
  listings: Listing[];
  totalCount: number;
  page: number;
  totalPages: number;
}

/** A page of listings (`data` of the catalog's paged answers). */
export function toListingPage(data: ProductPageResponse): ListingPage {
  return {
    listings: data.products.map(fromProduct),
    totalCount: data.totalCount,
    page: data.page,
    totalPages: data.totalPages,
  };
}

/**
 * "Make an Offer" to a seller: `/exchange-proposal/{storeId}` (SPEC §2) names the seller's store;
 * a member without a store is named by their own id, which the offer page resolves the same way.
 */
export function offerPath(seller: { storeId?: string | undefined; userId: string }): string {
  return `/exchange-proposal/${encodeURIComponent(seller.storeId || seller.userId)}`;
}
