import { Schema, type Connection, type Model } from 'mongoose';

/** One listing in one member's exchange bag, keyed `<userId>:<productId>` (so adding twice is one item). */
export interface BagItemDoc {
  _id: string;
  userId: string;
  productId: string;
  sellerId: string;
  addedAt: Date;
}

const bagItemSchema = new Schema<BagItemDoc>(
  {
    _id: { type: String },
    // A member's bag: find({ userId }).
    userId: { type: String, required: true, index: true },
    productId: { type: String, required: true },
    sellerId: { type: String, required: true },
    addedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export function bagItemModel(conn: Connection): Model<BagItemDoc> {
  return (
    (conn.models.BagItem as Model<BagItemDoc> | undefined) ??
    conn.model<BagItemDoc>('BagItem', bagItemSchema, 'bag_items')
  );
}
