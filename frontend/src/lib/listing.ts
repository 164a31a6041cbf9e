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

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {};
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];

function variantsOf(v: unknown): ListingImage['variants'] {
  const o = obj(v);
  const out: ListingImage['variants'] = {};
  for (const w of VARIANT_WIDTHS) {
    const url = str(o[w]) ?? str(o[String(w)]);
    if (url) out[w] = url;
  }
  return out;
}

function imagesOf(raw: Raw): ListingImage[] {
  const list = Array.isArray(raw.images) ? raw.images : [];
  const images = list
    .map((i, index): ListingImage | undefined => {
      if (typeof i === 'string')
        return { url: i, isDefault: index === 0, order: index + 1, variants: {} };
      const o = obj(i);
      const url = str(o.image_url) ?? str(o.url);
      if (!url) return undefined;
      return {
        url,
        isDefault: o.is_default === true,
        order: num(o.display_order) ?? index + 1,
        variants: variantsOf(o.variants),
      };
    })
    .filter((i): i is ListingImage => i !== undefined)
    .sort((a, b) => a.order - b.order);
  if (images.length === 0) {
    const cover = str(raw.cover_image) ?? str(raw.coverImage) ?? str(raw.image_url);
    if (cover) {
      images.push({
        url: cover,
        isDefault: true,
        order: 1,
        variants: variantsOf(raw.cover_variants ?? raw.coverVariants),
      });
    }
  }
  return images;
}

/** Maps one product from the API (catalog view or search hit) to a Listing. */
export function toListing(input: unknown): Listing {
  const raw = obj(input);
  const profile = obj(raw.user_profile ?? raw.seller);
  const boothRaw = raw.booth ? obj(raw.booth) : undefined;
  const images = imagesOf(raw);
  const sellerId = str(raw.user_id) ?? str(raw.userId) ?? str(raw.sellerId) ?? '';
  const boothName = boothRaw ? str(boothRaw.name) : str(raw.boothName);
  const interests = boothRaw ? strings(boothRaw.interests) : strings(raw.boothInterests);
  const location = obj(raw.location);
  const type = raw.type === 'service' ? 'service' : 'item';
  return {
    id: str(raw.product_id) ?? str(raw.id) ?? str(raw._id) ?? '',
    slug: str(raw.slug) ?? str(raw.product_id) ?? str(raw.id) ?? '',
    title: str(raw.title) ?? '',
    description: str(raw.description) ?? '',
    category: str(raw.category) ?? '',
    subCategory: str(raw.subCategory) ?? str(raw.subcategory),
    condition: str(raw.condition),
    brand: str(raw.brand),
    color: str(raw.color),
    weight: num(raw.weight),
    type,
    status: str(raw.status) ?? 'published',
    tags: strings(raw.tags),
    images,
    cover: images.find((i) => i.isDefault) ?? images[0],
    seller: {
      id: sellerId,
      firstName: str(profile.first_name) ?? str(raw.sellerFirstName) ?? '',
      lastName: str(profile.last_name) ?? str(raw.sellerLastName) ?? '',
      username: str(profile.username) ?? str(raw.sellerUsername) ?? '',
      avatar: str(profile.profile_image) ?? str(raw.sellerAvatar),
      verified:
        profile.is_kyc_verified === true || raw.idVerified === true || raw.is_kyc_verified === true,
      rating: num(profile.average_rating) ?? num(raw.ratingAverage) ?? num(raw.average_rating),
      reviewCount: num(profile.rating_count) ?? num(raw.ratingCount) ?? num(raw.rating_count) ?? 0,
    },
    booth:
      boothName !== undefined
        ? {
            id: boothRaw ? str(boothRaw.booth_id) : undefined,
            name: boothName,
            username: boothRaw ? str(boothRaw.username) : undefined,
            interests,
          }
        : undefined,
    distance: num(raw.distance),
    location:
      Object.keys(location).length > 0 || raw.zip || raw.city
        ? {
            city: str(location.city) ?? str(raw.city),
            state: str(location.state) ?? str(raw.state),
            zip: str(location.zip_code) ?? str(raw.zip),
          }
        : undefined,
    addressId: str(raw.addressId),
    createdAt: str(raw.created_at) ?? str(raw.createdAt),
  };
}

/** A product list from any of the shapes the API answers with (array, data, products, likedProducts). */
export function listOf(input: unknown): unknown[] {
  if (Array.isArray(input)) return input;
  const o = obj(input);
  for (const key of ['products', 'likedProducts', 'data', 'items']) {
    if (Array.isArray(o[key])) return o[key] as unknown[];
  }
  return [];
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

/** A page of listings from `data` of a paged answer (products, totalCount, page, totalPages). */
export function toListingPage(data: unknown, page: number, limit: number): ListingPage {
  const d = obj(data);
  const listings = listOf(d).map(toListing);
  const totalCount = num(d.totalCount) ?? listings.length;
  return {
    listings,
    totalCount,
    page: num(d.page) ?? page,
    totalPages: num(d.totalPages) ?? Math.ceil(totalCount / limit),
  };
}
