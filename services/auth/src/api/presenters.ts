import type { AccountResponse, AddressResponse, UserProfileResponse } from '@swapbooth/contracts';
import type { OwnedAddress } from '../domain/addresses';
import type { User } from '../domain/user';

/** The signed-in member's own account, as /api/auth/user-data and sign-in answers show it. */
export const accountView = (u: User): AccountResponse => ({
  user_id: u.id,
  email: u.email,
  is_verified: u.emailVerified,
  status: u.status,
  auth_method: u.authMethod,
  has_password: Boolean(u.passwordHash),
  google_linked: Boolean(u.googleId),
  first_name: u.profile.firstName ?? null,
  last_name: u.profile.lastName ?? null,
  username: u.profile.username ?? null,
  profile_image: u.profile.profileImage ?? null,
  default_address_id: u.defaultAddressId ?? null,
  created_at: u.createdAt.toISOString(),
});

/** SPEC §3 user profile, plus the private fields its owner edits. */
export const userProfileView = (u: User): UserProfileResponse => ({
  user_id: u.id,
  first_name: u.profile.firstName ?? null,
  last_name: u.profile.lastName ?? null,
  profile_image: u.profile.profileImage ?? null,
  username: u.profile.username ?? null,
  email: u.email,
  phone: u.profile.phone ?? null,
  dob: u.profile.dob ?? null,
  gender: u.profile.gender ?? null,
});

/** SPEC §3 address. */
export const addressView = (a: OwnedAddress): AddressResponse => ({
  address_id: a.id,
  user_id: a.userId,
  country: a.country,
  state: a.state,
  city: a.city,
  zip_code: a.zipCode,
  street1: a.street1,
  street2: a.street2 ?? null,
  full_name: a.fullName ?? null,
  phone: a.phone ?? null,
  is_default: a.isDefault,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});
