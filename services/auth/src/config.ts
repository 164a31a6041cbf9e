import { serviceUrlSettings } from '@swapbooth/contracts';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** Unset or empty ('' as env files often leave it) both mean "not configured". */
const optionalSetting = (inner: z.ZodString = z.string()) =>
  z
    .literal('')
    .transform(() => undefined)
    .or(inner.optional());

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** The auth service's settings; read once at boot from the environment. */
export const authConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4001),
  /** Signing key for access tokens (PEM; `\n` escapes allowed), or a file holding it. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  /**
   * How often auth checks that Redis still holds the deny-list (and writes it back if not). It
   * also checks whenever its Redis client reconnects, as after a restart of Redis.
   */
  REVOCATION_CHECK_MS: positiveInt(5000),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(14),
  /** Secure flag of the refresh cookie; defaults to on in production. */
  COOKIE_SECURE: flag,
  /** Where the web app lives: password-reset and sign-in links point there (production sets it). */
  APP_URL: z.string().url().default('http://localhost:8080'),
  OTP_TTL_SECONDS: positiveInt(600),
  OTP_MAX_ATTEMPTS: positiveInt(5),
  PASSWORD_RESET_TTL_SECONDS: positiveInt(1800),
  /** Code sends and reset e-mails allowed per address per window. */
  EMAIL_REQUESTS_PER_WINDOW: positiveInt(5),
  EMAIL_REQUEST_WINDOW_SECONDS: positiveInt(900),
  /**
   * Failed sign-ins (see domain/sign-in-throttle.ts): past SIGN_IN_FAILURES_BEFORE_DELAY failures of
   * an account, addresses that failed for it wait a delay doubling from SIGN_IN_DELAY_BASE_MS up to
   * SIGN_IN_DELAY_MAX_SECONDS; an account and address pair with SIGN_IN_CONSECUTIVE_FAILURES failures
   * in a row waits SIGN_IN_ADDRESS_BLOCK_SECONDS; an address waits after
   * SIGN_IN_FAILURES_PER_ADDRESS_PER_DAY failures in a day; and, whatever the address, an account
   * that failed SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR times in the hour waits for the hour to end.
   */
  SIGN_IN_FAILURES_BEFORE_DELAY: positiveInt(5),
  SIGN_IN_DELAY_BASE_MS: positiveInt(1000),
  SIGN_IN_DELAY_MAX_SECONDS: positiveInt(300),
  SIGN_IN_CONSECUTIVE_FAILURES: positiveInt(10),
  SIGN_IN_ADDRESS_BLOCK_SECONDS: positiveInt(3600),
  SIGN_IN_FAILURES_PER_ADDRESS_PER_DAY: positiveInt(100),
  SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: positiveInt(30),
  /** How long an e-mailed sign-in link works. */
  SIGN_IN_LINK_TTL_SECONDS: positiveInt(900),
  ...serviceUrlSettings(['payment']),
  PAYMENT_TIMEOUT_MS: positiveInt(1500),
  /** Google sign-in is offered only when a client id is configured. */
  GOOGLE_CLIENT_ID: optionalSetting(),
  GOOGLE_CLIENT_SECRET: optionalSetting(),
  /** Redirect URI used for authorization-code exchange ('postmessage' for popup flows). */
  GOOGLE_REDIRECT_URI: z.string().default('postmessage'),
  /** Token endpoint override (emulators and tests); Google's own by default. */
  GOOGLE_TOKEN_URL: optionalSetting(z.string().url()),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const loadAuthConfig = (env?: Record<string, string | undefined>): Readonly<AuthConfig> =>
  loadConfig(authConfigSchema, env, { required: ['APP_URL'] });

export function readPrivateKey(cfg: Pick<AuthConfig, 'JWT_PRIVATE_KEY' | 'JWT_PRIVATE_KEY_FILE'>) {
  if (cfg.JWT_PRIVATE_KEY) return cfg.JWT_PRIVATE_KEY.replace(/\\n/g, '\n');
  if (cfg.JWT_PRIVATE_KEY_FILE) return readFileSync(cfg.JWT_PRIVATE_KEY_FILE, 'utf8');
  throw new Error('JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE must be set');
}
