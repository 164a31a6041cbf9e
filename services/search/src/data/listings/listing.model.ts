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

const schema = new Schema<ListingRecord>(
  {
    _id: { type: String },
    sellerId: { type: String, required: true },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
    product: { type: Schema.Types.Mixed },
    updatedAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false, minimize: false },
);
// productsOf: a seller's listings, recomposed when the seller's profile, status or booth changes.
schema.index({ sellerId: 1, deleted: 1 });

export function listingModel(conn: Connection): Model<ListingRecord> {
  return (
    (conn.models.Listing as Model<ListingRecord> | undefined) ??
    conn.model<ListingRecord>('Listing', schema, 'listings')
  );
}
