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

/** The models of every listing collection, shard 0 first. */
export function listingModels(conn: Connection): Array<Model<ListingRecord>> {
  return Array.from({ length: LISTING_SHARDS }, (_, shard) => {
    const name = `Listing${shard}`;
    const existing = conn.models[name] as Model<ListingRecord> | undefined;
    return (
      existing ??
      conn.model<ListingRecord>(name, schema(), `listings_${String(shard).padStart(2, '0')}`)
    );
  });
}
