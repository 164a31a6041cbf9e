import { z } from 'zod';
import { serviceUrlSettings } from '@swapbooth/contracts';
import { baseConfigSchema, loadConfig, trustProxySetting } from '@swapbooth/service-kit';

/** Gateway settings; read once at boot from the environment. */
export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(8080),
  /** Where each service answers (AUTH_URL … ADMIN_URL; the list is packages/contracts' registry). */
  ...serviceUrlSettings(),
  /**
   * Origin of the web client allowed by CORS (the gateway's own origin needs no CORS). The default
   * is the Vite dev server's, so production must set it.
   */
  CORS_ORIGIN: z.string().default('http://localhost:5173'),
  /** Object storage origin the browser uploads to and loads images from (page policy). */
  S3_PUBLIC_URL: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  /** Folder with the built web client; served with an index.html fallback when present. */
  FRONTEND_DIST: z.string().optional(),
  /** Per IP, every route. */
  RATE_LIMIT_IP_PER_WINDOW: z.coerce.number().int().positive().default(600),
  /** Per signed-in user, every route. */
  RATE_LIMIT_USER_PER_WINDOW: z.coerce.number().int().positive().default(600),
  /** Per IP on sign-in, OTP and password-reset calls. */
  RATE_LIMIT_SENSITIVE_PER_WINDOW: z.coerce.number().int().positive().default(30),
  /** Length of every rate-limit window, in seconds. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /**
   * How often each gateway adds its per-IP and per-member counts to Redis and reads the totals
   * back; another gateway may let a key through up to this long after the limit is reached.
   */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().positive().default(200),
  /**
   * The proxies in front of the gateway whose X-Forwarded-For entries are believed: a number of
   * hops (1 behind one load balancer or ingress) or their addresses and ranges. None by default:
   * the peer is the client, and whatever a client writes in X-Forwarded-For is ignored. The
   * gateway passes the address it settled on to the services as the only X-Forwarded-For entry.
   */
  TRUST_PROXY: trustProxySetting(0),
  /** A service slower than this gets a 504 (SSE streams are exempt). */
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (
  env?: Record<string, string | undefined>,
): Readonly<GatewayConfig> => loadConfig(gatewayConfigSchema, env, { required: ['CORS_ORIGIN'] });
