import { Schema, type Connection, type Model } from 'mongoose';
import type { BoothStatus } from '../../domain/listing-projection';

/** A member's booth as search shows it on their listings, keyed by the member's user id. */
export interface BoothRecord {
  _id: string;
  boothId: string;
  name: string;
  interests: string[];
  status: BoothStatus;
  /** Booth version last applied; absent for seeded booths. */
  version?: number;
}

// Read and written by `_id` alone (the owner's user id), so no index beyond `_id`.
const schema = new Schema<BoothRecord>(
  {
    _id: { type: String },
    boothId: { type: String, required: true },
    name: { type: String, required: true },
    interests: { type: [String], default: [] },
    status: { type: String, required: true },
    version: { type: Number },
  },
  { versionKey: false },
);

export function boothModel(conn: Connection): Model<BoothRecord> {
  return (
    (conn.models.Booth as Model<BoothRecord> | undefined) ??
    conn.model<BoothRecord>('Booth', schema, 'booths')
  );
}
