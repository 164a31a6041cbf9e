import { z } from 'zod';
import type { EndpointRequest } from './common';
import type { authEndpoints } from './auth';

/**
 * The auth routes' requests (sign-up and sign-in, codes and links, passwords, following), as they
 * parse them: the schemas the routes import and the OpenAPI document describes.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** The one password rule, used by sign-up, reset and change alike. */
export const passwordSchema = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** What signs a member in with Google: an ID token, or an authorization code (PKCE). */
export type GoogleCredential =
  { idToken: string } | { code: string; codeVerifier?: string; redirectUri?: string };

export const authText = (what = 'text') =>
  z.string({ error: (i) => (i.input === undefined ? 'is required' : `must be ${what}`) });

/** An e-mail address, trimmed and lower-cased so one address is one account. */
export const authEmailSchema = authText('an e-mail address')
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid e-mail address'));

/** Optional free authText; '' is kept (it clears the field). */
export const authOptionalText = (max: number) =>
  authText().trim().max(max, `must be at most ${max} characters`).optional();

/** Required, non-empty authText. */
export const authRequiredText = (max: number) =>
  authText().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** An id in a path. */
export const authIdParams = z.object({ id: authRequiredText(128) });

export const authPageQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(20),
});

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const token = (max: number) =>
  authText().trim().min(1, 'is required').max(max, 'is too long').optional();

/** `authMethod` of register and login: 'email' unless said otherwise. */
export const authMethodSchema = z.object({
  authMethod: z
    .enum(['email', 'google'], { error: "must be 'email' or 'google'" })
    .optional()
    .default('email')
    .or(z.literal('').transform(() => 'email' as const)),
});

/**
 * A Google credential: an ID token (`idToken`, or `credential` as Google's button names it, or a
 * token in `providerId`), or an authorization code with its PKCE verifier.
 */
export const googleCredentialSchema = z
  .object({
    idToken: token(4096),
    credential: token(4096),
    providerId: token(4096),
    code: token(2048),
    codeVerifier: authText()
      .trim()
      .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be a PKCE code verifier (43-128 characters)')
      .optional(),
  })
  .transform((b, ctx): GoogleCredential => {
    const fromProvider = b.providerId && JWT_SHAPE.test(b.providerId) ? b.providerId : undefined;
    const idToken = b.idToken ?? b.credential ?? fromProvider;
    if (idToken) return { idToken };
    if (b.code) {
      return { code: b.code, ...(b.codeVerifier ? { codeVerifier: b.codeVerifier } : {}) };
    }
    ctx.addIssue({
      code: 'custom',
      path: ['idToken'],
      message: 'a Google ID token or authorization code is required',
    });
    return z.NEVER;
  });

/** POST /api/auth/register with authMethod 'email'. */
export const registerSchema = z.object({ email: authEmailSchema, password: passwordSchema });

/** Login checks the password against the stored hash, so only its presence is validated here. */
export const loginSchema = z.object({
  email: authEmailSchema,
  password: authText().min(1, 'is required').max(1024, 'is too long'),
});

export const verifyOtpSchema = z.object({
  email: authEmailSchema,
  otp: authText()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code from the e-mail'),
});

export const emailOnlySchema = z.object({ email: authEmailSchema });

export const forgotPasswordSchema = z.object({ email: authEmailSchema });

export const resetPasswordSchema = z.object({
  token: authText().trim().min(1, 'is required').max(512, 'is not a valid reset token'),
  newPassword: passwordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: authText().min(1, 'is required').max(1024, 'is too long'),
  newPassword: passwordSchema,
});

export const requestLinkSchema = z.object({ email: authEmailSchema });

export const redeemLinkSchema = z.object({
  token: authText().trim().min(1, 'is required').max(512, 'is not a valid sign-in link'),
});

export const followSchema = z.object({ followingUserId: authRequiredText(128) });

/** Null is treated as "not given", as many clients send it for empty inputs. */
export const withoutNulls = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null))
    : v;

/**
 * A US ZIP code's shape. Whether the code exists is the auth service's rule (its ZIP table), which
 * it adds to this field.
 */
export const usZipShape = authText()
  .trim()
  .regex(/^\d{5}$/, 'must be a 5-digit US ZIP code');

export const authPhoneSchema = authText()
  .trim()
  .refine((v) => v === '' || /^\+?[0-9 ().-]{7,20}$/.test(v), 'must be a phone number');

export const booleanish = z.union(
  [z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')],
  { error: 'must be true or false' },
);

/** Limits shared by both spellings of an address (snake_case API, camelCase profile form). */
export const addressLimits = {
  country: 56,
  state: 56,
  city: 100,
  street1: 200,
  street2: 200,
  fullName: 100,
} as const;

/** SPEC §3 address fields, as the address calls spell them. Other fields are dropped. */
const addressFields = {
  country: authRequiredText(addressLimits.country),
  state: authRequiredText(addressLimits.state),
  city: authRequiredText(addressLimits.city),
  zip_code: usZipShape,
  street1: authRequiredText(addressLimits.street1),
  street2: authOptionalText(addressLimits.street2),
  full_name: authOptionalText(addressLimits.fullName),
  phone: authPhoneSchema.optional(),
  is_default: booleanish.optional(),
  /** When given, must be the caller's id. */
  user_id: z.unknown().optional(),
};

/** POST /api/addresses (before null fields are dropped). */
export const createAddressFields = z.object({
  ...addressFields,
  country: addressFields.country.default('US'),
});

/** PUT /api/addresses/{id}: the fields to change (before null fields are dropped). */
export const updateAddressFields = z.object({
  ...addressFields,
  country: addressFields.country.optional(),
  state: addressFields.state.optional(),
  city: addressFields.city.optional(),
  zip_code: addressFields.zip_code.optional(),
  street1: addressFields.street1.optional(),
});

export const createAddressBody = z.preprocess(withoutNulls, createAddressFields);
export const updateAddressBody = z.preprocess(withoutNulls, updateAddressFields);

/** PUT /api/addresses/default/{id}: makes it the default unless `is_default` is false. */
export const setDefaultAddressBody = z.preprocess(
  withoutNulls,
  z.object({ is_default: booleanish.optional().default(true), user_id: z.unknown().optional() }),
);

const today = () => new Date().toISOString().slice(0, 10);

/** YYYY-MM-DD (a full ISO timestamp is cut to its date), in the past and after 1900. */
const dobSchema = authText()
  .trim()
  .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
  .refine(
    (v) =>
      v === '' ||
      (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !Number.isNaN(Date.parse(v)) &&
        new Date(v).toISOString().startsWith(v) &&
        v >= '1900-01-01' &&
        v < today()),
    'must be a past date as YYYY-MM-DD',
  );

const imageUrlSchema = authText()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'must be an http(s) URL');

/**
 * POST/PUT /api/profile: the SPEC §3 save payload (before null fields are dropped). Only these
 * fields are read; anything else in the body (a role, a status, a verification flag) is dropped.
 */
export const profileSaveFields = z.object({
  /** When given, must be the caller's id. */
  userId: z.unknown().optional(),
  firstName: authOptionalText(50),
  lastName: authOptionalText(50),
  email: z.union([z.literal(''), authEmailSchema]).optional(),
  phone: authPhoneSchema.optional(),
  dob: dobSchema.optional(),
  gender: authOptionalText(30),
  profileImage: imageUrlSchema.optional(),
  country: authOptionalText(addressLimits.country),
  state: authOptionalText(addressLimits.state),
  city: authOptionalText(addressLimits.city),
  zipCode: z.union([z.literal(''), usZipShape]).optional(),
  street1: authOptionalText(addressLimits.street1),
  street2: authOptionalText(addressLimits.street2),
  fullName: authOptionalText(addressLimits.fullName),
  addressPhone: authPhoneSchema.optional(),
});

export const profileSaveBody = z.preprocess(withoutNulls, profileSaveFields);

/** GET /api/user/email/{email}: the address looked up. */
export const authEmailParams = z.object({ email: authEmailSchema });

/** /api/auth/blocks/{userId}: the other member. */
export const blockParams = z.object({ userId: authRequiredText(128) });

/** GET /api/default-address/{userId}: the caller's own id. */
export const authUserIdParams = z.object({ userId: z.string() });

const byId = { params: authIdParams };
const followPage = { params: authIdParams, query: authPageQuery };

/** The request schemas of the auth endpoints (beside `authEndpoints`). */
export const authRequests: Partial<Record<keyof typeof authEndpoints, EndpointRequest>> = {
  'POST /api/auth/register': { body: authMethodSchema.and(registerSchema) },
  'POST /api/otp/send-otp': { body: emailOnlySchema },
  'POST /api/auth/verify-otp': { body: verifyOtpSchema },
  'POST /api/auth/login': { body: authMethodSchema.and(loginSchema) },
  'POST /api/auth/google': { body: googleCredentialSchema },
  'POST /api/auth/forgot-password': { body: forgotPasswordSchema },
  'POST /api/auth/reset-password': { body: resetPasswordSchema },
  'PUT /api/auth/change-password': { body: changePasswordSchema },
  'POST /api/auth/sign-in-link': { body: requestLinkSchema },
  'POST /api/auth/sign-in-link/redeem': { body: redeemLinkSchema },
  'POST /api/following/follow': { body: followSchema },
  'POST /api/following/unfollow': { body: followSchema },
  'GET /api/following/followers': { query: authPageQuery },
  'GET /api/following/followers/{id}': followPage,
  'GET /api/following/following': { query: authPageQuery },
  'GET /api/following/following/{id}': followPage,
  'GET /api/following/status/{id}': byId,
  'GET /api/auth/blocks': { query: authPageQuery },
  'GET /api/auth/blocks/{userId}': { params: blockParams },
  'POST /api/auth/blocks/{userId}': { params: blockParams },
  'DELETE /api/auth/blocks/{userId}': { params: blockParams },
  'GET /api/user/email/{email}': { params: authEmailParams },
  'POST /api/addresses': { body: createAddressBody },
  'GET /api/address/{id}': byId,
  'DELETE /api/address/{id}': byId,
  'GET /api/default-address/{userId}': { params: authUserIdParams },
  'PUT /api/addresses/{id}': { params: authIdParams, body: updateAddressBody },
  'PUT /api/addresses/default/{id}': { params: authIdParams, body: setDefaultAddressBody },
  'POST /api/profile': { body: profileSaveBody },
  'PUT /api/profile': { body: profileSaveBody },
};
