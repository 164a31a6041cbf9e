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
