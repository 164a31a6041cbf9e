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
}

export function sellerModel(conn: Connection): Model<SellerRecord> {
  const existing = conn.models.Seller as Model<SellerRecord> | undefined;
  if (existing) return existing;
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
    },
    { versionKey: false, minimize: false },
  );
  return conn.model<SellerRecord>('Seller', schema, 'sellers');
}
