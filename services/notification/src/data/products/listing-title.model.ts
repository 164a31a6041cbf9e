import { Schema, type Connection, type Model } from 'mongoose';

/** A listing's title, from catalog's product events (newest version wins). */
export interface ListingTitleDoc {
  _id: string;
  title: string;
  version: number;
}

const listingTitleSchema = new Schema<ListingTitleDoc>(
  {
    _id: { type: String },
    title: { type: String, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);

export function listingTitleModel(conn: Connection): Model<ListingTitleDoc> {
  return (
    (conn.models.ListingTitle as Model<ListingTitleDoc> | undefined) ??
    conn.model<ListingTitleDoc>('ListingTitle', listingTitleSchema, 'listing_titles')
  );
}
