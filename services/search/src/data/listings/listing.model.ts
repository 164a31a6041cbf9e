import { Schema, type Connection, type Model } from 'mongoose';
import type { ProductFacts } from '../../domain/listing-projection';

/** One listing: the product's facts search keeps, or a tombstone once it is deleted. */
export interface ListingRecord {
  /** Product id. */
  _id: string;
  sellerId: string;
  /** Last product version applied (its deletion included). */
  version: number;
  deleted: boolean;
  product?: ProductFacts;
  updatedAt: Date;
}

/**
 * Listing records are spread over this many collections by a hash of the product id. On FerretDB
 * an update or delete is a pass over its whole collection (about 12 ms per 1,000 listings), so a
 * listing edit at 100,000 listings took over a second in one collection and takes tens of
 * milliseconds in one of 32; on MongoDB the split costs nothing. Changing the number moves
 * records: bump it only together with a migration.
 */
export const LISTING_SHARDS = 32;

/** The collection holding records before they were spread out; moved at start, then dropped. */
export const LEGACY_LISTINGS_COLLECTION = 'listings';

/** FNV-1a over the id's UTF-16 units: stable across processes and versions. */
export function shardOf(productId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < productId.length; i++) {
    hash ^= productId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % LISTING_SHARDS;
}

const schema = () =>
  new Schema<ListingRecord>(
    {
      _id: { type: String },
      sellerId: { type: String, required: true, index: true },
      version: { type: Number, required: true },
      deleted: { type: Boolean, default: false },
      product: { type: Schema.Types.Mixed },
      updatedAt: { type: Date, default: () => new Date() },
    },
    { versionKey: false, minimize: false },
  );

/**
 * One model per collection of a set spread over `LISTING_SHARDS` collections, shard 0 first,
 * named `<collection>_00` and on (each connection registers them once). A record lives in the
 * collection `shardOf` picks for its key. Listings, sellers and booths are all spread this way.
 */
export function shardedModels<T>(
  conn: Connection,
  modelName: string,
  collection: string,
  schemaOf: () => Schema<T>,
): Array<Model<T>> {
  return Array.from({ length: LISTING_SHARDS }, (_, shard) => {
    const name = `${modelName}${shard}`;
    const existing = conn.models[name] as Model<T> | undefined;
    return (
      existing ?? conn.model<T>(name, schemaOf(), `${collection}_${String(shard).padStart(2, '0')}`)
    );
  });
}

/** The models of every listing collection, shard 0 first. */
export function listingModels(conn: Connection): Array<Model<ListingRecord>> {
  return shardedModels(conn, 'Listing', 'listings', schema);
}

/**
 * Which listings a seller has: one record per listing, `_id` the product id, kept in the
 * collection `shardOf(sellerId)` picks, so a seller's listings are found by reading one small
 * collection instead of every listing record (on FerretDB any filter but `_id` reads the whole
 * collection). Insert-only: a listing's seller never changes, and a tombstone's record stays.
 */
export interface SellerListingRecord {
  /** Product id. */
  _id: string;
  sellerId: string;
}

const linkSchema = () =>
  new Schema<SellerListingRecord>(
    {
      _id: { type: String },
      sellerId: { type: String, required: true, index: true },
    },
    { versionKey: false },
  );

/** The models of every seller-listing collection, shard 0 first. */
export function sellerListingModels(conn: Connection): Array<Model<SellerListingRecord>> {
  return shardedModels(conn, 'SellerListing', 'seller_listings', linkSchema);
}

/** Notes what one-off work on the projection has finished (`_id` names the work). */
export interface ProjectionStateRecord {
  _id: string;
  doneAt: Date;
}

export function projectionStateModel(conn: Connection): Model<ProjectionStateRecord> {
  return (
    (conn.models.ProjectionState as Model<ProjectionStateRecord> | undefined) ??
    conn.model<ProjectionStateRecord>(
      'ProjectionState',
      new Schema<ProjectionStateRecord>(
        { _id: { type: String }, doneAt: { type: Date, required: true } },
        { versionKey: false },
      ),
      'projection_state',
    )
  );
}
