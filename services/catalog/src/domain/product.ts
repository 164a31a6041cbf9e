import { productConditions, productTypes, type ProductSnapshot } from '@swapbooth/contracts';

export { productTypes };
export type ProductType = (typeof productTypes)[number];

export const conditions = productConditions;
export type Condition = (typeof conditions)[number];

export type ProductStatus = ProductSnapshot['status'];

export interface ProductImage {
  /** Storage key; the URL is derived from it. */
  key: string;
  url: string;
  isDefault: boolean;
  displayOrder: number;
}

/** Where a listing is, copied from one of its owner's addresses. */
export interface ListingLocation {
  addressId: string;
  zipCode?: string;
  city?: string;
  state?: string;
  country?: string;
}

/** The fields an owner writes; everything else is made by the server. */
export interface ProductFields {
  title: string;
  description: string;
  category: string;
  subCategory?: string;
  brand?: string;
  condition?: Condition;
  color?: string;
  type: ProductType;
  weight?: number;
  tags: string[];
  images: ProductImage[];
  location?: ListingLocation;
}

export interface Product extends ProductFields {
  id: string;
  userId: string;
  slug: string;
  searchText: string;
  status: ProductStatus;
  /** The proposal that reserved this listing, while it is reserved. */
  reservedBy?: string;
  /** False while the owner's account is suspended or deleted: the listing leaves public lists. */
  sellerActive: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Lowercase join of title, category, type and tags. */
export const searchTextOf = (p: Pick<ProductFields, 'title' | 'category' | 'type' | 'tags'>) =>
  [p.title, p.category, p.type, ...p.tags]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/** A readable, URL-safe slug from a title ("Vintage Lamp!" -> "vintage-lamp"). */
export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = base.length > 60 ? base.slice(0, 60).replace(/-[^-]*$/, '') : base;
  return cut || 'listing';
}

/** The slug to try on attempt n (0 = plain); later attempts add a random suffix. */
export function slugCandidate(base: string, attempt: number, random: () => string): string {
  if (attempt === 0) return base;
  return `${base}-${random().slice(0, attempt < 5 ? 4 : 8)}`;
}

/** Listings anyone may open by id or slug; drafts, suspended and removed ones only their owner. */
export function isVisibleTo(p: Product, viewerId: string | undefined): boolean {
  if (viewerId && viewerId === p.userId) return true;
  if (!p.sellerActive) return false;
  return (
    p.status === 'published' ||
    p.status === 'paused' ||
    p.status === 'reserved' ||
    p.status === 'traded'
  );
}

/** Fields a listing may be edited in. */
export const editableStatuses: readonly ProductStatus[] = ['draft', 'published', 'paused'];

export const coverOf = (p: Pick<Product, 'images'>): ProductImage | undefined =>
  p.images.find((i) => i.isDefault) ?? p.images[0];

/** Where browsers fetch an image's copy resized to a width (GET /api/images/variant). */
export type VariantUrl = (key: string, width: number) => string;

/**
 * The full snapshot every product event carries, so consumers never call back; with `variantUrl`,
 * each image also carries its resized copies' URLs.
 */
export function snapshotOf(p: Product, variantUrl?: VariantUrl): ProductSnapshot {
  return {
    productId: p.id,
    userId: p.userId,
    slug: p.slug,
    title: p.title,
    description: p.description,
    category: p.category,
    ...(p.subCategory ? { subCategory: p.subCategory } : {}),
    ...(p.brand ? { brand: p.brand } : {}),
    ...(p.condition ? { condition: p.condition } : {}),
    ...(p.color ? { color: p.color } : {}),
    type: p.type,
    tags: p.tags,
    status: p.status,
    images: p.images.map((i) => ({
      image_url: i.url,
      is_default: i.isDefault,
      display_order: i.displayOrder,
      ...(variantUrl
        ? {
            variants: {
              300: variantUrl(i.key, 300),
              600: variantUrl(i.key, 600),
              900: variantUrl(i.key, 900),
            },
          }
        : {}),
    })),
    ...(p.location?.zipCode ? { zipCode: p.location.zipCode } : {}),
    ...(p.location?.city ? { city: p.location.city } : {}),
    ...(p.location?.state ? { state: p.location.state } : {}),
    sellerActive: p.sellerActive,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    version: p.version,
  };
}
