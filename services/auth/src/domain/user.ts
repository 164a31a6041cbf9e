/** A member account as the use cases see it. */
export type UserStatus = 'active' | 'suspended' | 'deleted';
export type AuthMethod = 'email' | 'google';

export interface Profile {
  firstName?: string;
  lastName?: string;
  username?: string;
  profileImage?: string;
  phone?: string;
  dob?: string;
  gender?: string;
}

export interface Address {
  id: string;
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

export interface User {
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash?: string;
  googleId?: string;
  authMethod: AuthMethod;
  status: UserStatus;
  profile: Profile;
  /** Bumped on every profile change; carried by user.profile-updated. */
  profileVersion: number;
  addresses: Address[];
  /** The one default address; is_default is derived from it, so two defaults cannot exist. */
  defaultAddressId?: string;
  /** Bumped on every default-address change; carried by user.default-address-changed. */
  addressesVersion: number;
  /** Optimistic-concurrency revision for read-modify-write changes of profile and addresses. */
  rev: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What anyone may see about a member. */
export interface PublicProfile {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  profile_image: string | null;
}

export const publicProfile = (u: Pick<User, 'id' | 'profile'>): PublicProfile => ({
  user_id: u.id,
  first_name: u.profile.firstName ?? null,
  last_name: u.profile.lastName ?? null,
  username: u.profile.username ?? null,
  profile_image: u.profile.profileImage ?? null,
});

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
