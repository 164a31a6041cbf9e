import { z } from 'zod';

const userStatus = z.enum(['active', 'suspended', 'deleted']);

/** Events published by the auth service about a member's account. */
export const userEvents = {
  'user.registered': z.object({
    userId: z.string(),
    email: z.string(),
    authMethod: z.enum(['email', 'google']),
  }),
  'user.email-verified': z.object({ userId: z.string(), email: z.string() }),
  'user.profile-updated': z.object({
    userId: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    username: z.string().optional(),
    profileImage: z.string().optional(),
    version: z.number().int().nonnegative(),
  }),
  'user.default-address-changed': z.object({
    userId: z.string(),
    addressId: z.string(),
    zipCode: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    version: z.number().int().nonnegative(),
  }),
  'user.status-changed': z.object({
    userId: z.string(),
    status: userStatus,
    previousStatus: userStatus,
    reason: z.string().optional(),
  }),
  'user.followed': z.object({ followerId: z.string(), followingId: z.string() }),
  'user.unfollowed': z.object({ followerId: z.string(), followingId: z.string() }),
} as const;

/** E-mail requests from auth; they carry the secret the e-mail delivers, so the topic keeps them briefly. */
export const authEmailEvents = {
  'auth.otp-requested': z.object({
    userId: z.string(),
    email: z.string(),
    otp: z.string().regex(/^\d{6}$/),
    expiresAt: z.string(),
  }),
  'auth.password-reset-requested': z.object({
    userId: z.string(),
    email: z.string(),
    resetUrl: z.string(),
    expiresAt: z.string(),
  }),
  /** A one-time link that signs the member in (e.g. while sign-in with the password is slowed down). */
  'auth.sign-in-link-requested': z.object({
    userId: z.string(),
    email: z.string(),
    signInUrl: z.string(),
    expiresAt: z.string(),
  }),
} as const;
