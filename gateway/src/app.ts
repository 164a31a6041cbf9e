import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Express, Request, RequestHandler } from 'express';
import { serviceReplicaUrls } from '@swapbooth/contracts';
import type { Redis } from 'ioredis';
import {
  createApp,
  DenyListCache,
  pingRedis,
  revocationChecker,
  routeTemplate,
  type Logger,
  type ServiceMetrics,
  type TokenVerifierOptions,
} from '@swapbooth/service-kit';
import type { GatewayConfig } from './config';
import { cors } from './cors';
import { isSensitive } from './access-rules';
import { requireAccess, stripInternalHeaders } from './identity';
import { rateLimiters } from './rate-limit';
import { serviceProxy } from './proxy';
import { isApiPath, resolveRoute } from './route-table';
import { webClient } from './web-client';
import { apiDocs } from './api-docs';

/**
 * The web client's page policy: its own origin, plus the object storage it uploads images to and
 * shows them from (presigned PUTs, public reads), blob: previews, and Google's sign-in script.
 */
function pagePolicy(config: Readonly<GatewayConfig>): Record<string, string[] | null> {
  const storage = config.S3_PUBLIC_URL ?? config.S3_ENDPOINT;
  const storageOrigin = storage ? [new URL(storage).origin] : [];
  const google = 'https://accounts.google.com';
  return {
    'default-src': ["'self'"],
    'connect-src': ["'self'", ...storageOrigin, google],
    'img-src': ["'self'", 'data:', 'blob:', ...storageOrigin, 'https://lh3.googleusercontent.com'],
    'script-src': ["'self'", `${google}/gsi/client`],
    'frame-src': [google],
    'style-src': ["'self'", "'unsafe-inline'", `${google}/gsi/style`],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
    // Local object storage speaks plain http; upgrading its URLs to https would break every image.
    ...(storageOrigin[0]?.startsWith('http:') ? { 'upgrade-insecure-requests': null } : {}),
  };
}

/** Runs middlewares in order, stopping at the first error. */
function compose(mws: RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    const step = (i: number, err?: unknown): void => {
      if (err || i === mws.length) return done(err);
      mws[i]!(req, res, (e?: unknown) => step(i + 1, e));
    };
    step(0);
  };
}

export interface GatewayDeps {
  config: Readonly<GatewayConfig>;
  logger: Logger;
  redis: Redis;
  publicKey: string;
  accessLog?: boolean;
  /** Counts and times every request by method, route-table prefix and status class. */
  metrics?: ServiceMetrics;
}

/**
 * A gateway request's route label: the route-table prefix it is proxied by (`/api/product`), the
 * gateway's own routes by their template, `web` for the web client's files, never a raw path.
 */
export function gatewayRouteLabel(req: Request): string {
  if ((req as Request & { route?: unknown }).route) return routeTemplate(req);
  if (!isApiPath(req.path)) return 'web';
  return resolveRoute(req.path)?.prefix ?? 'unmatched';
}

/** The gateway: one entry for the web client and the API. */
export function buildGateway({
  config,
  logger,
  redis,
  publicKey,
  accessLog,
  metrics,
}: GatewayDeps): Express & {
  setDraining(): void;
  syncLimits(): Promise<void>;
  closeClients(): Promise<void>;
} {
  const denyList = new DenyListCache(redis, logger);
  const isRevoked = revocationChecker(redis, denyList);
  const member: TokenVerifierOptions = {
    publicKey,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    type: 'access',
    isRevoked,
  };
  const admin: TokenVerifierOptions = {
    publicKey,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_ADMIN_AUDIENCE,
    type: 'admin',
    isRevoked,
  };
  const limits = rateLimiters(
    redis,
    {
      perIp: config.RATE_LIMIT_IP_PER_WINDOW,
      perUser: config.RATE_LIMIT_USER_PER_WINDOW,
      sensitivePerIp: config.RATE_LIMIT_SENSITIVE_PER_WINDOW,
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
      syncMs: config.RATE_LIMIT_SYNC_MS,
    },
    logger,
  );
  const targets = serviceReplicaUrls(config);
  const frontend =
    config.FRONTEND_DIST && existsSync(path.join(config.FRONTEND_DIST, 'index.html'))
      ? config.FRONTEND_DIST
      : undefined;

  const proxy = serviceProxy(targets, config.PROXY_TIMEOUT_MS, logger);
  const app = createApp({
    service: 'gateway',
    helmet: { contentSecurityPolicy: { directives: pagePolicy(config) } },
    logger,
    trustProxy: config.TRUST_PROXY,
    ...(accessLog === false ? { accessLog: false } : {}),
    ...(metrics ? { metrics } : {}),
    routeLabel: gatewayRouteLabel,
    readiness: { redis: () => pingRedis(redis) },
    // Everything is mounted before the body parser: the gateway streams bodies to services untouched.
    beforeBody: (app) => {
      const api = (...mws: RequestHandler[]): RequestHandler => {
        const chain = compose(mws);
        return (req, res, next) => (isApiPath(req.path) ? chain(req, res, next) : next());
      };
      const sensitive = limits.sensitiveByIp();
      app.use(
        api(
          stripInternalHeaders,
          cors(config.CORS_ORIGIN),
          limits.byIp(),
          (req, res, next) => (isSensitive(req.path) ? sensitive(req, res, next) : next()),
          requireAccess(member, admin, limits.byUser),
        ),
      );
      // The API's own contract and its browsable docs, before everything is handed to a service.
      app.use(apiDocs());
      app.use(proxy);
      if (frontend) app.use(webClient(frontend));
    },
    routes: () => undefined,
  });
  return Object.assign(app, {
    /** Sends this gateway's rate-limit counts to Redis and learns the totals across gateways now. */
    syncLimits: () => limits.sync(),
    /** After the server has stopped: sends the last rate-limit counts, closes service connections. */
    closeClients: async () => {
      denyList.close();
      await Promise.all([limits.close(), proxy.close()]);
    },
  });
}
