import type { BoothFacts, ProductFacts, SellerFacts, SellerStatus } from './listing-projection';

/**
 * The stores behind the projection. Each `apply*` writes only when its version (or time) is not
 * older than what is stored and says whether it wrote: an older event changes nothing. Equal
 * versions are applied again, so a handler retried after a failure finishes its work.
 *
 * Listing documents are composed from these parts when indexed rather than stored composed: a
 * seller's or booth's change then costs one write, and its listings are recomposed from a query.
 */

export interface ListingStore {
  /** Stores the product's facts unless a newer version (or its deletion) is stored. */
  applyProduct(facts: ProductFacts, version: number): Promise<boolean>;
  /** Stores the listing's deletion at this version; later events of older versions are ignored. */
  applyDeletion(productId: string, sellerId: string, version: number): Promise<boolean>;
  /** The facts of every listing (not deleted) of a seller. */
  productsOf(sellerId: string): Promise<ProductFacts[]>;
  /** Every listing (not deleted), in batches. */
  allProducts(batchSize: number): AsyncIterable<ProductFacts[]>;
  /** Stores listings as given at version 0, replacing any stored ones (bulk loads). */
  replaceMany(products: readonly ProductFacts[]): Promise<void>;
}

export interface SellerStore {
  find(userId: string): Promise<SellerFacts | undefined>;
  /** Every known seller (indexing everything at once). */
  all(): Promise<Map<string, SellerFacts>>;
  applyProfile(
    userId: string,
    version: number,
    profile: Pick<SellerFacts, 'firstName' | 'lastName' | 'username' | 'profileImage'>,
  ): Promise<boolean>;
  applyAddress(
    userId: string,
    version: number,
    address: NonNullable<SellerFacts['address']>,
  ): Promise<boolean>;
  applyStatus(userId: string, at: Date, status: SellerStatus): Promise<boolean>;
  applyIdentity(userId: string, at: Date, verified: boolean): Promise<boolean>;
  /** A rating's average, ordered by how many ratings it counts. */
  applyRating(userId: string, count: number, average: number): Promise<boolean>;
  /** Stores facts for sellers not yet known, below any real event's version (bulk loads). */
  seed(sellers: ReadonlyMap<string, SellerFacts>): Promise<void>;
}

export interface BoothStore {
  findByUser(userId: string): Promise<BoothFacts | undefined>;
  /** Every booth by its owner's user id (indexing everything at once). */
  all(): Promise<Map<string, BoothFacts>>;
  apply(userId: string, version: number, booth: BoothFacts): Promise<boolean>;
  /** Stores booths for users not yet known, below any real event's version (bulk loads). */
  seed(booths: ReadonlyMap<string, BoothFacts>): Promise<void>;
}

/**
 * The search port: what the search service needs from a full-text + geo engine. Meilisearch
 * serves it in production; in process, our own index (`memory`, the default) or Orama does (all
 * three in adapters/engine/). One contract suite holds every adapter to the same behaviour, so
 * callers never branch on the engine.
 */

export type ListingType = 'item' | 'service';

/** One published listing, denormalised for search (ARCHITECTURE §5). */
export interface ListingDocument {
  /** Product id; also the engine's primary key. */
  id: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  subcategory?: string;
  condition?: string;
  type: ListingType;
  tags: string[];
  coverImage?: string;
  /** The cover's resized copies (300/600/900 wide), which a card shows instead of the original. */
  coverVariants?: CoverVariants;
  sellerId: string;
  sellerFirstName?: string;
  sellerLastName?: string;
  sellerUsername?: string;
  sellerAvatar?: string;
  idVerified?: boolean;
  ratingAverage?: number;
  ratingCount?: number;
  boothName?: string;
  boothInterests: string[];
  city?: string;
  state?: string;
  zip?: string;
  lat?: number;
  lng?: number;
  /** Epoch milliseconds; newer listings win ties. */
  createdAt: number;
}

export interface CoverVariants {
  300: string;
  600: string;
  900: string;
}

export interface NearPoint {
  lat: number;
  lng: number;
  /** Absent: no radius filter, but every hit still carries its distance. */
  radiusMiles?: number;
}

export interface SearchQuery {
  /** Free text; blank means "no text". */
  text?: string;
  /** Absent means all types. */
  type?: ListingType;
  category?: string;
  subcategory?: string;
  condition?: string;
  city?: string;
  state?: string;
  zip?: string;
  near?: NearPoint;
  /** 1-based. */
  page: number;
  limit: number;
}

export type SearchHit = ListingDocument & {
  /** Miles from `near`, one decimal; present on every hit when `near` is given and the listing has coordinates. */
  distance?: number;
};

export interface TypeCounts {
  item: number;
  service: number;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Matches for the whole query, across all pages. */
  total: number;
  /** Matches per type for the same query with the type filter ignored (drives the All/Items/Services tabs). */
  counts: TypeCounts;
}

export type SearchEngineKind = 'memory' | 'orama' | 'meilisearch';

/**
 * Shared semantics:
 * - text: every query word must match (in any searchable field); words of 5+ letters tolerate one
 *   typo (9+ two), a typo on the first letter counts double, the last word also matches as a prefix;
 * - filters are exact and case-insensitive (category, subcategory, condition, city, state, zip);
 * - `near` with `radiusMiles`: only listings within the radius; with `near`, hits carry `distance`;
 * - order: with text by relevance (ties newest first); without text but with `near` nearest first;
 *   otherwise newest first;
 * - a page past the end returns no hits but real totals.
 * Writes are visible to the next search once their promise resolves.
 */
export interface SearchEngine {
  readonly kind: SearchEngineKind;
  /** Inserts or fully replaces listings by id. */
  upsert(docs: readonly ListingDocument[]): Promise<void>;
  /** Removes listings by id; unknown ids are ignored. */
  remove(ids: readonly string[]): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult>;
  /** Removes every listing. */
  clear(): Promise<void>;
  /** Number of indexed listings. */
  count(): Promise<number>;
  /** Resolves when the engine can serve requests; rejects otherwise (health checks). */
  ready(): Promise<void>;
  close(): Promise<void>;
}
