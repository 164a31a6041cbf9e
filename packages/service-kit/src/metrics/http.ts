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
 * Templates already worked out, by the matched mount and route paths: every request asks (for its
 * metrics and its span), and the paths are few. A mount path can hold an id, so the map is emptied
 * when it grows past TEMPLATES_KEPT rather than growing with the ids.
 */
const templates = new Map<string, string>();
const TEMPLATES_KEPT = 1000;

/**
 * The route template a request matched (`/api/product/:id`), never the raw path; `unmatched` when
 * no route answered it (404s, scanners), so unknown paths cannot grow the label set.
 */
export function routeTemplate(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return 'unmatched';
  const matched = `${req.baseUrl ?? ''}${route.path}`;
  let template = templates.get(matched);
  if (template === undefined) {
    template = withoutIds(matched) || '/';
    if (templates.size >= TEMPLATES_KEPT) templates.clear();
    templates.set(matched, template);
  }
  return template;
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
    const started = performance.now();
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
      metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
