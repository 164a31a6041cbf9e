import { Schema, type Connection, type Model } from 'mongoose';

/** `expiry_buckets`: the proposals falling due in one minute (`_id` is the minute's number). */
export interface ExpiryBucketDoc {
  _id: string;
  ids: string[];
}

/** `expiry_cursor`: one document, the first minute not yet swept for good. */
export interface ExpiryCursorDoc {
  _id: string;
  bucket: number;
}

const bucketSchema = new Schema<ExpiryBucketDoc>(
  { _id: String, ids: { type: [String], default: [] } },
  { versionKey: false },
);
const cursorSchema = new Schema<ExpiryCursorDoc>(
  { _id: String, bucket: { type: Number, required: true } },
  { versionKey: false },
);

export function expiryBucketModel(conn: Connection): Model<ExpiryBucketDoc> {
  return (
    (conn.models.ExpiryBucket as Model<ExpiryBucketDoc> | undefined) ??
    conn.model<ExpiryBucketDoc>('ExpiryBucket', bucketSchema, 'expiry_buckets')
  );
}

export function expiryCursorModel(conn: Connection): Model<ExpiryCursorDoc> {
  return (
    (conn.models.ExpiryCursor as Model<ExpiryCursorDoc> | undefined) ??
    conn.model<ExpiryCursorDoc>('ExpiryCursor', cursorSchema, 'expiry_cursor')
  );
}
