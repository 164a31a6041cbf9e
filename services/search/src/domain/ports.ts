import type { DomainEvent } from '@swapbooth/event-bus';
import type { BoothFacts, ProductFacts, SellerFacts, SellerStatus } from './listing-projection';
import type { SavedSearch } from './saved-search';
import type { SearchMatchRecord } from './saved-search-alerts';

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
  /**
   * A member's rating average and count, ordered by their rating summary's `version` (by the
   * count when the event carries none: a summary's version is never below its count).
   */
  applyRating(userId: string, count: number, average: number, version?: number): Promise<boolean>;
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

/**
 * Saved searches as the matcher indexes them: whose they are and the engine query searching with
 * them runs (the search page's parameters turned into a query the same way `GET /api/search`
 * turns them).
 */
export interface IndexedSearch {
  id: string;
  memberId: string;
  version: number;
  query: SearchQuery;
}

/** One saved search a listing matches, with the listing's distance from the search's ZIP. */
export interface SearchMatch {
  searchId: string;
  memberId: string;
  distance?: number;
}

/**
 * Matches a new listing against every saved search at once: an index of the searches (in this
 * replica's memory) that finds the few that could match, each then checked with the engine's own
 * query semantics, so a listing matches a saved search exactly when searching with it would
 * return the listing. Writes of an older version than the one indexed change nothing.
 */
export interface SavedSearchMatcher {
  put(search: IndexedSearch): void;
  remove(searchId: string, version: number): void;
  /** The saved searches `doc` matches; waits for the index to be filled at start. */
  match(doc: ListingDocument): Promise<SearchMatch[]>;
  /** Marks the index filled (matching waits until then). */
  filled(): void;
  /** Saved searches indexed. */
  readonly size: number;
}

/** Saved searches, stored with their events (the outbox). */
export interface SavedSearchStore {
  /** Counts one more saved search for the member unless they hold `max`; false when they do. */
  reserve(memberId: string, max: number): Promise<boolean>;
  /** Counts one saved search fewer (deleted, or a reservation not used). */
  release(memberId: string): Promise<void>;
  insert(search: SavedSearch, events: DomainEvent[]): Promise<void>;
  /** A saved search not deleted. */
  find(id: string): Promise<SavedSearch | undefined>;
  /** Writes the next state unless the stored version moved on; false when it did. */
  replace(search: SavedSearch, expectedVersion: number, events: DomainEvent[]): Promise<boolean>;
  /** The member's saved searches (not deleted), oldest first. */
  listMine(memberId: string): Promise<SavedSearch[]>;
  /** The saved searches of these ids that are not deleted. */
  many(ids: readonly string[]): Promise<SavedSearch[]>;
  /** Every saved search not deleted, in batches (filling the matcher at start). */
  all(batchSize: number): AsyncIterable<SavedSearch[]>;
  markOpened(id: string, at: Date): Promise<void>;
  /** Saved searches written at or after `since`, deleted ones included, oldest write first. */
  changedSince(since: Date, limit: number): Promise<SavedSearch[]>;
}

/** What members were told of which listing: one record per member and listing. */
export interface SearchMatchStore {
  /** Stores the record with its events unless one for the member and listing exists; false then. */
  recordOnce(record: SearchMatchRecord, events: DomainEvent[]): Promise<boolean>;
  /** Stores records that raise no event, leaving out any whose member and listing are stored. */
  recordSilently(records: readonly SearchMatchRecord[]): Promise<void>;
  /** The member's matches delivered instantly since `since`. */
  instantSince(memberId: string, since: Date): Promise<number>;
  /** Matches of a saved search after `since`. */
  countSince(searchId: string, since: Date): Promise<number>;
}

/** Blocks between members (auth's, by event): a block keeps the two apart both ways. */
export interface MemberBlocks {
  /** Stores a block or its end unless a newer version of the pair is stored. */
  record(blockerId: string, blockedId: string, blocked: boolean, version: number): Promise<void>;
  /** Which of `others` block `memberId` or are blocked by them. */
  blockedAmong(memberId: string, others: readonly string[]): Promise<Set<string>>;
}
