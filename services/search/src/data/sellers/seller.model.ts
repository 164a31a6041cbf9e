import { Schema, type Connection, type Model } from 'mongoose';
import type { SellerFacts, SellerStatus } from '../../domain/listing-projection';

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
  /** The rated member's rating summary version the average and count are at. */
  ratingVersion?: number;
}

// Read and written by `_id` alone (the user id), so no index beyond `_id`.
const schema = new Schema<SellerRecord>(
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
    ratingVersion: { type: Number },
  },
  { versionKey: false, minimize: false },
);

export function sellerModel(conn: Connection): Model<SellerRecord> {
  return (
    (conn.models.Seller as Model<SellerRecord> | undefined) ??
    conn.model<SellerRecord>('Seller', schema, 'sellers')
  );
}
