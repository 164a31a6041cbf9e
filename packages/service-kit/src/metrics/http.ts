import type { Request, RequestHandler } from 'express';
import type { ServiceMetrics } from './service-metrics';

/** A path segment that names one thing (an ObjectId, a UUID, a number, a long token). */
const ID_SEGMENT =
  /^(?:[0-9a-f]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[A-Za-z0-9_-]{32,})$/i;

/** Replaces any segment that names one thing with `:id` (a mount path with a value in it). */
export function withoutIds(path: string): string {
  return path
    .split('/')
    .map((s) => (ID_SEGMENT.test(s) ? ':id' : s))
    .join('/');
}

/**
 * The route template a request matched (`/api/product/:id`), never the raw path; `unmatched` when
 * no route answered it (404s, scanners), so unknown paths cannot grow the label set.
 */
export function routeTemplate(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return 'unmatched';
  return withoutIds(`${req.baseUrl ?? ''}${route.path}`) || '/';
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times every request by method, route template and status class (`2xx` … `5xx`).
 * The label is read when the response is sent, once the router has matched. Event streams are
 * counted but not timed (their duration is the session's, not the call's).
 */
export function httpMetrics(
  metrics: ServiceMetrics,
  routeOf: (req: Request) => string = routeTemplate,
): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const status = res.headersSent || res.writableFinished ? res.statusCode : 499;
      const labels = {
        method: KNOWN_METHODS.has(req.method) ? req.method : 'OTHER',
        route: routeOf(req),
        status_class: `${Math.floor(status / 100)}xx`,
      };
      metrics.httpRequests.inc(labels);
      if (status >= 500) metrics.httpErrors.inc(labels);
      const type = res.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/event-stream')) return;
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
