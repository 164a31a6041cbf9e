import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { pinoHttp } from 'pino-http';
import type { HealthReport } from '@swapbooth/contracts';
import { errorMiddleware, notFoundHandler } from './errors';
import { runWithRequestId, type Logger } from './logger';
import { withTimeout } from './connections';
import { httpMetrics, routeTemplate } from './metrics/http';
import type { ServiceMetrics } from './metrics/service-metrics';
import { serverSpans, tracingStarted } from './tracing';

export type HealthCheck = () => Promise<void>;

export interface AppOptions {
  service: string;
  logger: Logger;
  bodyLimit?: string;
  /** Real dependency checks for /readyz (database ping, broker connected, ...). */
  readiness?: Record<string, HealthCheck>;
  /** Mounts the service's routers. */
  routes: (app: Express) => void;
  /** Runs before the JSON parser (e.g. a webhook route that needs the raw body). */
  beforeBody?: (app: Express) => void;
  /** Security headers; the gateway widens the page policy for the web client it serves. */
  helmet?: HelmetOptions;
  /** Per-request access logs; on by default when the logger's level includes info. */
  accessLog?: boolean;
  /**
   * The proxies whose X-Forwarded-For entries are believed (TRUST_PROXY): a number of hops in front
   * of this process, or their addresses and ranges. None by default: the peer is the caller.
   */
  trustProxy?: number | string[];
  /** Counts and times every request (by method, route template and status class) when given. */
  metrics?: ServiceMetrics;
  /** The route label of a request, for metrics and trace spans (default: the route template express matched). */
  routeLabel?: (req: express.Request) => string;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Carries the caller's request id (or a new one) through the request, its logs and its response. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  runWithRequestId(id, next);
};

/** Runs every check with a timeout and reports them all. */
export async function runChecks(
  service: string,
  checks: Record<string, HealthCheck>,
): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 2000, name);
        return [name, { ok: true }] as const;
      } catch (err) {
        return [name, { ok: false, error: (err as Error).message }] as const;
      }
    }),
  );
  const all = Object.fromEntries(entries);
  const ok = entries.every(([, r]) => r.ok);
  return { status: ok ? 'ok' : 'down', service, checks: all };
}

/** The express app every service starts from: security headers, limits, request ids, health, JSON errors. */
export function createApp(opts: AppOptions): Express & { setDraining(): void } {
  const app = express() as Express & { setDraining(): void };
  let draining = false;
  app.setDraining = () => {
    draining = true;
  };
  app.disable('x-powered-by');
  // Never a whole network (any private peer): behind a load balancer on one, a client could then
  // name any address it likes in X-Forwarded-For, and escape every per-address limit.
  app.set('trust proxy', opts.trustProxy ?? 0);
  // First, so that everything after it (metrics, logs, the handlers' database and event spans)
  // runs inside the request's span.
  if (tracingStarted()) app.use(serverSpans(opts.routeLabel ?? routeTemplate));
  if (opts.metrics) app.use(httpMetrics(opts.metrics, opts.routeLabel ?? routeTemplate));
  app.use(requestId);
  // Access logs are info lines: when info is off, skip the per-request logging machinery entirely.
  if (opts.accessLog ?? opts.logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger: opts.logger,
        genReqId: (req) => String(req.headers['x-request-id']),
        autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
        customLogLevel: (_req, res, err) =>
          err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
        serializers: {
          req: (req: { method: string; url: string; id: string }) => ({
            method: req.method,
            url: req.url,
            id: req.id,
          }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      }),
    );
  }
  app.use(helmet(opts.helmet));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: opts.service });
  });
  app.get('/readyz', async (_req, res) => {
    if (draining) {
      res.status(503).json({
        status: 'down',
        service: opts.service,
        checks: { shutdown: { ok: false, error: 'draining' } },
      });
      return;
    }
    const report = await runChecks(opts.service, opts.readiness ?? {});
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });

  opts.beforeBody?.(app);
  app.use(express.json({ limit: opts.bodyLimit ?? '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: opts.bodyLimit ?? '1mb' }));
  opts.routes(app);
  app.use(notFoundHandler);
  app.use(errorMiddleware(opts.logger));
  return app;
}
