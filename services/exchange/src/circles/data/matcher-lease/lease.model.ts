import { Schema, type Connection, type Model } from 'mongoose';

/** A lease: the holder and until when it holds; writes are guarded by `version`. */
export interface LeaseDoc {
  _id: string;
  holder: string;
  until: Date;
  version: number;
}

const leaseSchema = new Schema<LeaseDoc>(
  {
    _id: String,
    holder: { type: String, required: true },
    until: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);

export function leaseModel(conn: Connection): Model<LeaseDoc> {
  return (
    (conn.models.Lease as Model<LeaseDoc> | undefined) ??
    conn.model<LeaseDoc>('Lease', leaseSchema, 'leases')
  );
}
