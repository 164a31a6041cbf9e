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
};
