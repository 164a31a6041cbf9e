import { Schema, type Connection, type Model } from 'mongoose';
import type { SellerFacts, SellerStatus } from '../../domain/listing-projection';
import { shardedModels } from '../listings/listing.model';

/** What search knows of one seller; each part carries the version or time it was last set at. */
export interface SellerRecord {
  /** User id. */
  _id: string;
  profile?: Pick<SellerFacts, 'firstName' | 'lastName' | 'username' | 'profileImage'>;
  profileVersion?: number;
  address?: NonNullable<SellerFacts['address']>;
  addressVersion?: number;
  status?: SellerStatus;
  statusAt?: Date;
  idVerified?: boolean;
  idVerifiedAt?: Date;
  ratingAverage?: number;
  ratingCount?: number;
}

/** The one collection earlier versions kept sellers in; moved into the shards at start, then dropped. */
export const LEGACY_SELLERS_COLLECTION = 'sellers';

const schema = () =>
  new Schema<SellerRecord>(
    {
      _id: { type: String },
      profile: { type: Schema.Types.Mixed },
      profileVersion: { type: Number },
      address: { type: Schema.Types.Mixed },
      addressVersion: { type: Number },
      status: { type: String },
      statusAt: { type: Date },
      idVerified: { type: Boolean },
      idVerifiedAt: { type: Date },
      ratingAverage: { type: Number },
      ratingCount: { type: Number },
    },
    { versionKey: false, minimize: false },
  );

/**
 * The models of the seller collections (`sellers_00` …), shard 0 first; a seller lives in
 * `shardOf(userId)`. Spread like the listings: on FerretDB every update, even one by `_id`, is a
 * pass over its collection (0.7 s at 16,667 sellers in one), and each event about a seller
 * (profile, address, status, identity, rating) is an update.
 */
export function sellerModels(conn: Connection): Array<Model<SellerRecord>> {
  return shardedModels(conn, 'Seller', 'sellers', schema);
}
