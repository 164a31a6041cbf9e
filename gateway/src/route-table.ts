/**
 * The one route table: every SPEC §7 path prefix and the service that owns it (ARCHITECTURE §2).
 * `*` stands for one path segment. The most specific entry wins (more literal segments first).
 */
import type { ServiceName } from '@swapbooth/contracts';

export type { ServiceName };

export const routeTable: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/otp', service: 'auth' },
  { prefix: '/api/profile', service: 'auth' },
  { prefix: '/api/user/email', service: 'auth' },
  { prefix: '/api/addresses', service: 'auth' },
  { prefix: '/api/address', service: 'auth' },
  { prefix: '/api/default-address', service: 'auth' },
  { prefix: '/api/following', service: 'auth' },
  { prefix: '/api/profile/user/*/products', service: 'catalog' },
  { prefix: '/api/product', service: 'catalog' },
  { prefix: '/api/products', service: 'catalog' },
  { prefix: '/api/categories', service: 'catalog' },
  { prefix: '/api/booth', service: 'catalog' },
  { prefix: '/api/images', service: 'catalog' },
  { prefix: '/api/reports', service: 'catalog' },
  { prefix: '/api/search', service: 'search' },
  { prefix: '/api/saved-searches', service: 'search' },
  { prefix: '/api/exchange', service: 'exchange' },
  { prefix: '/api/rating', service: 'exchange' },
  { prefix: '/api/circles', service: 'exchange' },
  { prefix: '/api/chat', service: 'chat' },
  { prefix: '/api/notifications', service: 'notification' },
  { prefix: '/api/trade-notifications', service: 'notification' },
  { prefix: '/api/stream', service: 'notification' },
  { prefix: '/api/stripe', service: 'payment' },
  { prefix: '/api/user-stripe-data', service: 'payment' },
  { prefix: '/api/admin', service: 'admin' },
];

interface CompiledRoute {
  prefix: string;
  regex: RegExp;
  service: ServiceName;
  literalSegments: number;
  segments: number;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** Compiles a prefix into a regex that matches the prefix itself or anything below it. */
export function prefixRegex(prefix: string): RegExp {
  const body = prefix
    .split('/')
    .map((seg) => (seg === '*' ? '[^/]+' : escape(seg)))
    .join('/');
  return new RegExp(`^${body}(?:/|$)`);
}

const compiled: CompiledRoute[] = routeTable
  .map((r) => {
    const segs = r.prefix.split('/').filter(Boolean);
    return {
      prefix: r.prefix,
      regex: prefixRegex(r.prefix),
      service: r.service,
      literalSegments: segs.filter((s) => s !== '*').length,
      segments: segs.length,
    };
  })
  .sort((a, b) => b.segments - a.segments || b.literalSegments - a.literalSegments);

/**
 * The service that owns a path, or undefined when no entry matches. Letter case does not matter,
 * as it does not to the services' routers.
 */
export function resolveService(url: string): ServiceName | undefined {
  return resolveRoute(url)?.service;
}

/** The route-table entry that owns a path (its prefix is the metrics' route label). */
export function resolveRoute(url: string): { prefix: string; service: ServiceName } | undefined {
  const path = (url.split('?')[0] ?? url).toLowerCase();
  return compiled.find((r) => r.regex.test(path));
}

/** Whether a path is an API call (`/api` or below it), in any letter case. */
export const isApiPath = (path: string): boolean => /^\/api(\/|$)/i.test(path);
