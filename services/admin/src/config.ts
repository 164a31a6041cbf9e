import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { serviceNames, serviceUrlSettings } from '@swapbooth/contracts';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** Unset or empty ('' as env files often leave it) both mean "not configured". */
const optionalSetting = () =>
  z
    .literal('')
    .transform(() => undefined)
    .or(z.string().optional());

/** The admin service's settings; read once at boot from the environment. */
export const adminConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4008),
  /** Where every other service answers, for the platform health report and moderation calls. */
  ...serviceUrlSettings(serviceNames.filter((n) => n !== 'admin')),
  /** The platform's signing key (the one auth signs member tokens with): PEM, or a file holding it. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  /** Admin sessions are short: at most an hour. */
  ADMIN_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().max(3600).default(3600),
  /** Wrong passwords in a row that lock an admin account, and for how long. */
  ADMIN_LOCK_AFTER_FAILURES: positiveInt(5),
  ADMIN_LOCK_SECONDS: positiveInt(15 * 60),
  /** Where the web app answers: an admin's password-reset link opens its /admin/reset-password. */
  APP_URL: z.string().url().default('http://localhost:8080'),
  /** How long an admin's one-time password-reset link works. */
  ADMIN_RESET_LINK_TTL_SECONDS: positiveInt(60 * 60),
  /** How long a moderation call to another service may take. */
  INTERNAL_CALL_TIMEOUT_MS: positiveInt(5000),
  /**
   * The Platform page reads every service's metrics port: the service's URL with its port plus
   * this offset (the services' default METRICS_PORT is their port + 1000), path /metrics.
   */
  METRICS_PORT_OFFSET: z.coerce.number().int().default(1000),
  /** The gateway's metrics endpoint (its METRICS_PORT); empty: the page leaves the gateway out. */
  GATEWAY_METRICS_URL: z.literal('').or(z.string().url()).default('http://127.0.0.1:9080/metrics'),
  /** How often the Platform page's samples are taken while the page is open, and how long they are kept. */
  PLATFORM_SAMPLE_SECONDS: positiveInt(15),
  PLATFORM_WINDOW_MINUTES: positiveInt(60),
  /**
   * How often they are taken while nobody has the page open (0: not at all): each sample scrapes
   * every process, and a scrape asks the broker and the database, so an idle platform is left idle.
   */
  PLATFORM_IDLE_SAMPLE_SECONDS: z.coerce.number().int().nonnegative().default(300),
  /** How long anonymous callers of GET /api/admin/health are answered from one platform report. */
  HEALTH_CACHE_MS: positiveInt(5000),
  /**
   * Accounts created at start when missing (the demo's, set by npm start), `;`-separated entries of
   * `email|password|role|area,area` (e.g. `staff@x.test|secret|staff|products`). Existing accounts
   * are left as they are. Refused in production.
   */
  ADMIN_SEED_ACCOUNTS: optionalSetting(),
});

export type AdminConfig = z.infer<typeof adminConfigSchema>;

export const loadAdminConfig = (env?: Record<string, string | undefined>): Readonly<AdminConfig> =>
  loadConfig(adminConfigSchema, env, {
    refused: {
      ADMIN_SEED_ACCOUNTS:
        'seed accounts are demo accounts with passwords written down; add admins with npm run admin:create',
    },
  });

export function readPrivateKey(
  cfg: Pick<AdminConfig, 'JWT_PRIVATE_KEY' | 'JWT_PRIVATE_KEY_FILE'>,
): string {
  if (cfg.JWT_PRIVATE_KEY) return cfg.JWT_PRIVATE_KEY.replace(/\\n/g, '\n');
  if (cfg.JWT_PRIVATE_KEY_FILE) return readFileSync(cfg.JWT_PRIVATE_KEY_FILE, 'utf8');
  throw new Error('JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE must be set');
}
