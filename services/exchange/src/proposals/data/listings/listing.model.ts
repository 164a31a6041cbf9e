import { Schema, type Connection, type Model } from 'mongoose';
import type { Listing } from '../../domain/proposal-ports';

export type ListingDoc = Omit<Listing, 'id'> & { _id: string };

/** Exchange's projection of catalog's listings (from product events). */
const listingSchema = new Schema<ListingDoc>(
  {
    _id: String,
    ownerId: { type: String, required: true },
    title: { type: String, default: '' },
    slug: { type: String, default: '' },
    type: { type: String, default: 'item' },
    status: { type: String, required: true },
    imageUrl: String,
    sellerActive: { type: Boolean, default: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);

export function listingModel(conn: Connection): Model<ListingDoc> {
  return (
    (conn.models.Listing as Model<ListingDoc> | undefined) ??
    conn.model<ListingDoc>('Listing', listingSchema, 'listings')
  );
}
