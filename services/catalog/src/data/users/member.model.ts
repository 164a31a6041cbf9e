import { Schema, type Connection, type Model } from 'mongoose';

/** Catalog's projection of a member, built from auth, exchange and payment events. */
export interface MemberDoc {
  _id: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  profileImage?: string;
  profileVersion?: number;
  status?: 'active' | 'suspended' | 'deleted';
  defaultAddress?: {
    addressId: string;
    zipCode?: string;
    city?: string;
    state?: string;
    country?: string;
  };
  addressVersion?: number;
  ratingAverage?: number;
  ratingCount?: number;
  /** The member's rating summary version the average and count are at (orders rating events). */
  ratingVersion?: number;
  idVerified?: boolean;
}

const memberSchema = new Schema<MemberDoc>(
  {
    _id: { type: String },
    firstName: String,
    lastName: String,
    username: String,
    profileImage: String,
    profileVersion: Number,
    status: String,
    defaultAddress: new Schema(
      { addressId: String, zipCode: String, city: String, state: String, country: String },
      { _id: false },
    ),
    addressVersion: Number,
    ratingAverage: Number,
    ratingCount: Number,
    ratingVersion: Number,
    idVerified: Boolean,
  },
  { versionKey: false },
);

export function memberModel(conn: Connection): Model<MemberDoc> {
  return (
    (conn.models.Member as Model<MemberDoc> | undefined) ??
    conn.model<MemberDoc>('Member', memberSchema, 'members')
  );
}
