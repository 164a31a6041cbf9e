import { Schema, type Connection, type Model } from 'mongoose';

/** A member's store status as catalog last announced it, keyed by the member's id. */
export interface StoreStatusDoc {
  _id: string;
  status: string;
  version: number;
}

const storeStatusSchema = new Schema<StoreStatusDoc>(
  {
    _id: { type: String },
    status: { type: String, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);

export function storeStatusModel(conn: Connection): Model<StoreStatusDoc> {
  return (
    (conn.models.StoreStatus as Model<StoreStatusDoc> | undefined) ??
    conn.model<StoreStatusDoc>('StoreStatus', storeStatusSchema, 'store_statuses')
  );
}
