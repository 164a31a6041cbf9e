import { z } from 'zod';
import { apiFailure, noData, pageFacts, type EndpointContracts } from './common';

/**
 * What the auth service answers (`data` of the envelope). Field names are the client's (SPEC §3
 * and §7): snake_case for members and addresses, camelCase where the client always used it.
 * Unknown optional facts are `null`, never left out.
 */

const isoDate = z.string().min(1);

/** The signed-in member's own account: sign-in answers and GET /api/auth/user-data. */
export const accountResponse = z.strictObject({
  user_id: z.string(),
  email: z.string(),
  is_verified: z.boolean(),
  status: z.enum(['active', 'suspended', 'deleted']),
  auth_method: z.enum(['email', 'google']),
  has_password: z.boolean(),
  google_linked: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  profile_image: z.string().nullable(),
  default_address_id: z.string().nullable(),
  created_at: isoDate,
});
export type AccountResponse = z.infer<typeof accountResponse>;

/** POST /api/auth/register (201): the account waits for its e-mailed code. */
export const signUpResponse = z.strictObject({
  user_id: z.string(),
  email: z.string(),
  is_verified: z.literal(false),
  otp_sent: z.boolean(),
});
export type SignUpResponse = z.infer<typeof signUpResponse>;

/** POST /api/otp/send-otp. */
export const otpSentResponse = z.strictObject({ email: z.string() });
export type OtpSentResponse = z.infer<typeof otpSentResponse>;

/** A new access token (its lifetime in seconds); the refresh token travels in a cookie. */
export const sessionTokenResponse = z.strictObject({
  token: z.string().min(1),
  expiresIn: z.number().int().positive(),
});
export type SessionTokenResponse = z.infer<typeof sessionTokenResponse>;

/** Sign-in, sign-up verification and Google sign-in. */
export const signedInResponse = sessionTokenResponse.extend({ user: accountResponse });
export type SignedInResponse = z.infer<typeof signedInResponse>;

/** POST /api/auth/login for an account whose e-mail is not verified yet: 403 with this body. */
export const emailNotVerifiedResponse = apiFailure.extend({
  code: z.literal('email_not_verified'),
  data: z.strictObject({
    email: z.string(),
    requires_verification: z.literal(true),
    otp_sent: z.boolean(),
  }),
});
export type EmailNotVerifiedResponse = z.infer<typeof emailNotVerifiedResponse>;

/** GET /api/auth/providers: the sign-in methods this deployment offers. */
export const authProvidersResponse = z.strictObject({
  email: z.literal(true),
  google: z.boolean(),
  googleClientId: z.string().optional(),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponse>;

/** SPEC §3 user profile, plus the private fields its owner edits. */
export const userProfileResponse = z.strictObject({
  user_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_image: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
});
export type UserProfileResponse = z.infer<typeof userProfileResponse>;

/**
 * The payment service's data about a member (GET /api/user-stripe-data/{userId}), passed through
 * as it answers; `{}` while it is unreachable. Only the facts the client reads are named here.
 */
export const paymentDataResponse = z.looseObject({
  customer_id: z.string().nullish(),
  is_kyc_verified: z.boolean().optional(),
  subscription_status: z.string().nullish(),
});
export type PaymentDataResponse = z.infer<typeof paymentDataResponse>;

/** SPEC §3 address, owned by `user_id`. */
export const addressResponse = z.strictObject({
  address_id: z.string(),
  user_id: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  zip_code: z.string(),
  street1: z.string(),
  street2: z.string().nullable(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  is_default: z.boolean(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type AddressResponse = z.infer<typeof addressResponse>;

/** GET, POST and PUT /api/profile. */
export const profileResponse = z.strictObject({
  user_profile: userProfileResponse,
  stripe_data: paymentDataResponse,
  default_address: addressResponse.nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** What anyone may see about a member. */
export const publicProfileResponse = z.strictObject({
  user_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  profile_image: z.string().nullable(),
});
export type PublicProfileResponse = z.infer<typeof publicProfileResponse>;

/** GET /api/user/email/{email}. */
export const emailLookupResponse = z.strictObject({
  exists: z.boolean(),
  user: publicProfileResponse.nullable(),
});
export type EmailLookupResponse = z.infer<typeof emailLookupResponse>;

/** DELETE /api/address/{id}: the address gone, and the default that remains (if any). */
export const addressDeletedResponse = z.strictObject({
  address_id: z.string(),
  default_address_id: z.string().nullable(),
});
export type AddressDeletedResponse = z.infer<typeof addressDeletedResponse>;

/** POST /api/following/follow and /unfollow; `changed` is false when it already was so. */
export const followChangeResponse = z.strictObject({
  followingUserId: z.string(),
  isFollowing: z.boolean(),
  changed: z.boolean(),
});
export type FollowChangeResponse = z.infer<typeof followChangeResponse>;

const followPage = { total: z.number().int().nonnegative(), ...pageFacts };

/** GET /api/following/followers[/{id}]. */
export const followersResponse = z.strictObject({
  followers: z.array(publicProfileResponse),
  ...followPage,
});
export type FollowersResponse = z.infer<typeof followersResponse>;

/** GET /api/following/following[/{id}]. */
export const followingResponse = z.strictObject({
  following: z.array(publicProfileResponse),
  ...followPage,
});
export type FollowingResponse = z.infer<typeof followingResponse>;

/** GET /api/following/status/{id}: the caller's relation to a member (false for visitors). */
export const followStatusResponse = z.strictObject({
  userId: z.string(),
  isFollowing: z.boolean(),
  isFollowedBy: z.boolean(),
  followersCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
});
export type FollowStatusResponse = z.infer<typeof followStatusResponse>;

/** POST and DELETE /api/auth/blocks/{userId}; `changed` is false when it already was so. */
export const blockChangeResponse = z.strictObject({
  userId: z.string(),
  isBlocked: z.boolean(),
  changed: z.boolean(),
});
export type BlockChangeResponse = z.infer<typeof blockChangeResponse>;

/** GET /api/auth/blocks/{userId}: whether the caller blocks this member (never the reverse). */
export const blockStatusResponse = z.strictObject({
  userId: z.string(),
  isBlocked: z.boolean(),
});
export type BlockStatusResponse = z.infer<typeof blockStatusResponse>;

/** GET /api/auth/blocks: the members the caller blocks, newest first. */
export const blockListResponse = z.strictObject({
  blocks: z.array(publicProfileResponse.extend({ blocked_at: z.string() })),
  ...followPage,
});
export type BlockListResponse = z.infer<typeof blockListResponse>;

/** PATCH /internal/users/{id}/status (admin service only). */
export const userStatusResponse = z.strictObject({
  user_id: z.string(),
  status: accountResponse.shape.status,
});
export type UserStatusResponse = z.infer<typeof userStatusResponse>;

/** Every endpoint the auth service serves, with the `data` it answers. */
export const authEndpoints = {
  'POST /api/auth/register': { data: signUpResponse, status: 201, summary: 'Sign up' },
  'POST /api/otp/send-otp': { data: otpSentResponse, summary: 'Send a new e-mail code' },
  'POST /api/auth/verify-otp': { data: signedInResponse, summary: 'Verify the e-mail code' },
  'POST /api/auth/login': { data: signedInResponse, summary: 'Sign in' },
  'POST /api/auth/google': { data: signedInResponse, summary: 'Sign in with Google' },
  'GET /api/auth/providers': { data: authProvidersResponse, summary: 'Sign-in methods' },
  'GET /api/auth/user-data': { data: accountResponse, summary: 'The signed-in account' },
  'POST /api/auth/refresh': { data: sessionTokenResponse, summary: 'Renew the access token' },
  'POST /api/auth/logout': { data: noData, summary: 'Sign out' },
  'POST /api/auth/forgot-password': { data: noData, summary: 'E-mail a reset link' },
  'POST /api/auth/reset-password': { data: noData, summary: 'Reset the password' },
  'POST /api/auth/sign-in-link': { data: noData, summary: 'E-mail a one-time sign-in link' },
  'POST /api/auth/sign-in-link/redeem': {
    data: signedInResponse,
    summary: 'Sign in with an e-mailed link',
  },
  'PUT /api/auth/change-password': { data: sessionTokenResponse, summary: 'Change the password' },
  'GET /api/profile': { data: profileResponse, summary: 'The member’s profile' },
  'POST /api/profile': { data: profileResponse, summary: 'Save the profile' },
  'PUT /api/profile': { data: profileResponse, summary: 'Save the profile' },
  'GET /api/user/email/{email}': { data: emailLookupResponse, summary: 'Find a member by e-mail' },
  'GET /api/addresses': { data: z.array(addressResponse), summary: 'The address book' },
  'POST /api/addresses': { data: addressResponse, status: 201, summary: 'Add an address' },
  'PUT /api/addresses/{id}': { data: addressResponse, summary: 'Change an address' },
  'PUT /api/addresses/default/{id}': { data: addressResponse, summary: 'Set the default' },
  'GET /api/address/{id}': { data: addressResponse, summary: 'One address' },
  'DELETE /api/address/{id}': { data: addressDeletedResponse, summary: 'Delete an address' },
  'GET /api/default-address/{userId}': {
    data: addressResponse.nullable(),
    summary: 'The default address',
  },
  'POST /api/following/follow': { data: followChangeResponse, summary: 'Follow a member' },
  'POST /api/following/unfollow': { data: followChangeResponse, summary: 'Unfollow a member' },
  'GET /api/following/followers': { data: followersResponse, summary: 'The caller’s followers' },
  'GET /api/following/followers/{id}': { data: followersResponse, summary: 'A member’s followers' },
  'GET /api/following/following': { data: followingResponse, summary: 'Whom the caller follows' },
  'GET /api/following/following/{id}': {
    data: followingResponse,
    summary: 'Whom a member follows',
  },
  'GET /api/following/status/{id}': { data: followStatusResponse, summary: 'Follow relation' },
  'GET /api/auth/blocks': { data: blockListResponse, summary: 'Members the caller blocks' },
  'GET /api/auth/blocks/{userId}': { data: blockStatusResponse, summary: 'Block relation' },
  'POST /api/auth/blocks/{userId}': { data: blockChangeResponse, summary: 'Block a member' },
  'DELETE /api/auth/blocks/{userId}': { data: blockChangeResponse, summary: 'Unblock a member' },
} as const satisfies EndpointContracts;
