import type { ProductSnapshot } from '@swapbooth/contracts';
import type { CoverVariants, ListingDocument } from './ports';
import { zipToPoint } from './geo';

/** What search keeps of a product snapshot: the listing's own facts. */
export interface ProductFacts {
  productId: string;
  sellerId: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  subcategory?: string;
  condition?: string;
  type: ListingDocument['type'];
  tags: string[];
  status: ProductSnapshot['status'];
  coverImage?: string;
  coverVariants?: CoverVariants;
  zipCode?: string;
  city?: string;
  state?: string;
  /** False while catalog holds the owner's account inactive. */
  sellerActive: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
}

export type SellerStatus = 'active' | 'suspended' | 'deleted';

/** What search knows about a seller, each part from its own event stream. */
export interface SellerFacts {
  firstName?: string;
  lastName?: string;
  username?: string;
  profileImage?: string;
  /** The seller's default address; places listings that carry no location of their own. */
  address?: { zipCode: string; city?: string; state?: string };
  status?: SellerStatus;
  idVerified?: boolean;
  ratingAverage?: number;
  ratingCount?: number;
}

export type BoothStatus = 'active' | 'inactive' | 'on_vacation' | 'closed' | 'suspended';

export interface BoothFacts {
  boothId: string;
  name: string;
  interests: string[];
  status: BoothStatus;
}

/** The three sources one listing document is built from. */
export interface ListingSources {
  product: ProductFacts;
  seller?: SellerFacts;
  booth?: BoothFacts;
}

const text = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Drops undefined values so stored and indexed documents hold only known facts. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The cover image a member chose, else the first by display order. */
function coverImageOf(images: ProductSnapshot['images']) {
  return (
    images.find((i) => i.is_default) ??
    [...images].sort((a, b) => a.display_order - b.display_order)[0]
  );
}

/** The cover a member chose, else the first image by display order. */
export function coverOf(images: ProductSnapshot['images']): string | undefined {
  return coverImageOf(images)?.image_url;
}

/** The cover's resized copies, when the event names them (events before they did do not). */
export function coverVariantsOf(images: ProductSnapshot['images']): CoverVariants | undefined {
  const v = coverImageOf(images)?.variants;
  return v ? { 300: v[300], 600: v[600], 900: v[900] } : undefined;
}

/** The listing facts carried by a product event. */
export function productFactsOf(s: ProductSnapshot): ProductFacts {
  const createdAt = Date.parse(s.createdAt);
  return compact({
    productId: s.productId,
    sellerId: s.userId,
    slug: s.slug,
    title: s.title,
    description: s.description,
    category: s.category,
    subcategory: text(s.subCategory),
    condition: text(s.condition),
    type: s.type,
    tags: s.tags,
    status: s.status,
    coverImage: coverOf(s.images),
    coverVariants: coverVariantsOf(s.images),
    zipCode: text(s.zipCode),
    city: text(s.city),
    state: text(s.state),
    sellerActive: s.sellerActive !== false,
    createdAt: Number.isFinite(createdAt) ? createdAt : Date.parse(s.updatedAt) || 0,
  });
}

/**
 * Whether a listing belongs in search: published, its seller in good standing (neither auth nor
 * catalog says otherwise) and its booth not suspended.
 */
export function isListed({ product, seller, booth }: ListingSources): boolean {
  if (product.status !== 'published') return false;
  if (!product.sellerActive) return false;
  if (seller?.status === 'suspended' || seller?.status === 'deleted') return false;
  if (booth?.status === 'suspended') return false;
  return true;
}

interface Place {
  zip?: string;
  city?: string;
  state?: string;
  lat?: number;
  lng?: number;
}

/**
 * Where a listing is: its own location when the product carries one, else the seller's default
 * address. Coordinates come from the ZIP data set; city and state fall back to it when missing.
 */
export function placeOf(product: ProductFacts, seller?: SellerFacts): Place {
  const hasOwn = Boolean(product.zipCode ?? product.city ?? product.state);
  const source = hasOwn
    ? { zipCode: product.zipCode, city: product.city, state: product.state }
    : seller?.address;
  if (!source) return {};
  const point = source.zipCode ? zipToPoint(source.zipCode) : undefined;
  return compact({
    zip: text(source.zipCode),
    city: text(source.city) ?? point?.city,
    state: text(source.state) ?? point?.state,
    lat: point?.lat,
    lng: point?.lng,
  });
}

/** The denormalised document search indexes for one listing. */
export function composeListing({ product, seller, booth }: ListingSources): ListingDocument {
  return compact({
    id: product.productId,
    slug: product.slug,
    title: product.title,
    description: product.description,
    category: product.category,
    subcategory: product.subcategory,
    condition: product.condition,
    type: product.type,
    tags: product.tags,
    coverImage: product.coverImage,
    coverVariants: product.coverVariants,
    sellerId: product.sellerId,
    sellerFirstName: text(seller?.firstName),
    sellerLastName: text(seller?.lastName),
    sellerUsername: text(seller?.username),
    sellerAvatar: text(seller?.profileImage),
    idVerified: seller?.idVerified,
    ratingAverage: seller?.ratingAverage,
    ratingCount: seller?.ratingCount,
    boothName: booth ? text(booth.name) : undefined,
    boothInterests: booth?.interests ?? [],
    ...placeOf(product, seller),
    createdAt: product.createdAt,
  });
}

/** The product facts implied by an already-composed document (bulk loads start from documents). */
export function productFactsFromDocument(doc: ListingDocument): ProductFacts {
  return compact({
    productId: doc.id,
    sellerId: doc.sellerId,
    slug: doc.slug,
    title: doc.title,
    description: doc.description,
    category: doc.category,
    subcategory: doc.subcategory,
    condition: doc.condition,
    type: doc.type,
    tags: doc.tags,
    status: 'published',
    coverImage: doc.coverImage,
    coverVariants: doc.coverVariants,
    zipCode: doc.zip,
    city: doc.city,
    state: doc.state,
    sellerActive: true,
    createdAt: doc.createdAt,
  });
}

/** The seller facts implied by a composed document. */
export function sellerFactsFromDocument(doc: ListingDocument): SellerFacts {
  return compact({
    firstName: doc.sellerFirstName,
    lastName: doc.sellerLastName,
    username: doc.sellerUsername,
    profileImage: doc.sellerAvatar,
    status: 'active' as const,
    idVerified: doc.idVerified,
    ratingAverage: doc.ratingAverage,
    ratingCount: doc.ratingCount,
  });
}
