import { Schema, type Connection, type Model } from 'mongoose';
import type { BoothStatus } from '../../domain/listing-projection';
import { shardedModels } from '../listings/listing.model';

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

/** The one collection earlier versions kept booths in; moved into the shards at start, then dropped. */
export const LEGACY_BOOTHS_COLLECTION = 'booths';

const schema = () =>
  new Schema<BoothRecord>(
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

/**
 * The models of the booth collections (`booths_00` …), shard 0 first; a booth lives in
 * `shardOf(userId)`, spread for the reason the sellers are (see `sellerModels`).
 */
export function boothModels(conn: Connection): Array<Model<BoothRecord>> {
  return shardedModels(conn, 'Booth', 'booths', schema);
}
