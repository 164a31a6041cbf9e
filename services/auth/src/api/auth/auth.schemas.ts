import { z } from 'zod';
import type { GoogleCredential } from '../../domain/sign-in';
import { passwordSchema } from '../../domain/password-policy';
import { emailSchema, text } from '../common.schemas';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const token = (max: number) =>
  text().trim().min(1, 'is required').max(max, 'is too long').optional();

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
    codeVerifier: text()
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
export const registerSchema = z.object({ email: emailSchema, password: passwordSchema });

/** Login checks the password against the stored hash, so only its presence is validated here. */
export const loginSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'is required').max(1024, 'is too long'),
});

export const verifyOtpSchema = z.object({
  email: emailSchema,
  otp: text()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code from the e-mail'),
});

export const emailOnlySchema = z.object({ email: emailSchema });
