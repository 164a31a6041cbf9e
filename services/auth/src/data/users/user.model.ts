import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';

/** The stored user document: account, profile and address book in one aggregate. */
export interface UserDoc {
  _id: string;
  email: string;
  emailVerified: boolean;
  passwordHash?: string;
  googleId?: string;
  authMethod: 'email' | 'google';
  status: 'active' | 'suspended' | 'deleted';
  profile: {
    firstName?: string;
    lastName?: string;
    username?: string;
    profileImage?: string;
    phone?: string;
    dob?: string;
    gender?: string;
  };
  profileVersion: number;
  addresses: AddressDoc[];
  defaultAddressId?: string | null;
  addressesVersion: number;
  rev: number;
  otpRequestedAt?: Date;
  passwordResetRequestedAt?: Date;
  signInLinkRequestedAt?: Date;
  passwordChangedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface AddressDoc {
  _id: string;
  country: string;
  state: string;
  city: string;
  zipCode: string;
  street1: string;
  street2?: string;
  fullName?: string;
  phone?: string;
  createdAt: Date;
  updatedAt: Date;
}

const addressSchema = new Schema<AddressDoc>({
  _id: { type: String, required: true },
  country: { type: String, required: true },
  state: { type: String, required: true },
  city: { type: String, required: true },
  zipCode: { type: String, required: true },
  street1: { type: String, required: true },
  street2: String,
  fullName: String,
  phone: String,
  createdAt: { type: Date, required: true },
  updatedAt: { type: Date, required: true },
});

const userSchema = new Schema<UserDoc>(
  {
    _id: { type: String, required: true },
    // One account per e-mail: findByEmail, and the sign-up insert's duplicate key.
    email: { type: String, required: true, unique: true },
    emailVerified: { type: Boolean, default: false },
    passwordHash: String,
    // Google sign-in: findByGoogleId.
    googleId: { type: String, index: true },
    authMethod: { type: String, enum: ['email', 'google'], required: true },
    status: { type: String, enum: ['active', 'suspended', 'deleted'], default: 'active' },
    profile: {
      firstName: String,
      lastName: String,
      username: String,
      profileImage: String,
      phone: String,
      dob: String,
      gender: String,
    },
    profileVersion: { type: Number, default: 0 },
    addresses: { type: [addressSchema], default: [] },
    defaultAddressId: { type: String, default: null },
    addressesVersion: { type: Number, default: 0 },
    rev: { type: Number, default: 0 },
    otpRequestedAt: Date,
    passwordResetRequestedAt: Date,
    signInLinkRequestedAt: Date,
    passwordChangedAt: Date,
  },
  { timestamps: true, versionKey: false, minimize: false },
);
userSchema.plugin(outboxPlugin);

export function userModel(conn: Connection): Model<UserDoc> {
  return (
    (conn.models.User as Model<UserDoc> | undefined) ??
    conn.model<UserDoc>('User', userSchema, 'users')
  );
}
