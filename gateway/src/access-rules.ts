/**
 * Which calls need no member token. Everything not listed here needs one;
 * `/api/admin/*` needs an admin token except its login, health and reset-link calls.
 * `*` stands for one path segment; a trailing `/**` for anything below.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

const publicRoutes: ReadonlyArray<[Method[], string]> = [
  [['POST'], '/api/auth/register'],
  [['POST'], '/api/auth/login'],
  [['POST'], '/api/auth/verify-otp'],
  [['POST'], '/api/auth/forgot-password'],
  [['POST'], '/api/auth/reset-password'],
  [['POST'], '/api/auth/sign-in-link'],
  [['POST'], '/api/auth/sign-in-link/redeem'],
  [['POST'], '/api/auth/refresh'],
  [['POST'], '/api/auth/logout'],
  [['GET'], '/api/auth/providers'],
  [['POST'], '/api/auth/google'],
  [['POST'], '/api/otp/send-otp'],
  [['GET'], '/api/search'],
  [['GET'], '/api/categories'],
  [['GET'], '/api/product/published'],
  [['GET'], '/api/product/slug/*'],
  [['GET'], '/api/product/published-by-user/*'],
  [['GET'], '/api/product/count/user/*'],
  [['GET'], '/api/product/booth/*'],
  [['GET'], '/api/profile/user/*/products'],
  [['GET'], '/api/booth/check-username/*'],
  [['GET'], '/api/booth/check-name/*'],
  [['GET'], '/api/booth/username/*'],
  [['GET', 'POST'], '/api/booth/views/*'],
  [['GET'], '/api/images/variant'],
  [['GET'], '/api/images/files/**'],
  [['PUT'], '/api/images/local-upload'],
  [['GET'], '/api/reports/reasons'],
  [['GET'], '/api/rating/user/*'],
  [['GET'], '/api/exchange/user/*/stats'],
  [['GET'], '/api/following/followers/*'],
  [['GET'], '/api/following/following/*'],
  [['GET'], '/api/following/status/*'],
  [['POST'], '/api/stripe/webhook'],
  [['GET'], '/api/stripe/plans'],
  // The local sandbox's Checkout and Identity pages (no Stripe key): public like Stripe's own.
  [['GET', 'POST'], '/api/stripe/sandbox/**'],
  [['GET'], '/api/user-stripe-data/*'],
  [['POST'], '/api/admin/login'],
  [['GET'], '/api/admin/health'],
  // Redeems an admin's one-time reset link: the link's secret is the credential.
  [['POST'], '/api/admin/password-reset'],
  // The API's contract and its browsable docs (gateway).
  [['GET'], '/api/openapi.json'],
  [['GET'], '/api/docs/**'],
];

/** `GET /api/product/{id}` and `GET /api/booth/{userId}` are public reads, distinct from deeper paths. */
const publicPatterns: ReadonlyArray<[Method[], RegExp]> = [
  [['GET'], /^\/api\/product\/[^/]+$/],
  [['GET'], /^\/api\/booth\/[^/]+$/],
];

const toRegex = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .split('/**')
      .map((part) => part.replace(/\*/g, '[^/]+'))
      // A trailing `/**`: anything below (its `*` is not a single segment's).
      .join('(?:/.*)?')}/?$`,
  );

const compiled = [
  ...publicRoutes.map(([methods, p]) => [methods, toRegex(p)] as const),
  ...publicPatterns,
];

export type Access = 'public' | 'member' | 'admin';

/**
 * The services' routers match paths in any letter case, so the rules do too: `/api/AUTH/login` is
 * the same call as `/api/auth/login`, here as there.
 */
export function accessFor(method: string, rawPath: string): Access {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  if (m === 'OPTIONS') return 'public';
  const path = rawPath.toLowerCase();
  if (compiled.some(([methods, re]) => (methods as string[]).includes(m) && re.test(path)))
    return 'public';
  if (/^\/api\/admin(\/|$)/.test(path)) return 'admin';
  return 'member';
}

/**
 * Sign-in, OTP and reset calls get the stricter per-IP limit, whatever the path's letter case and
 * with or without a trailing slash (the services' routers take both).
 */
export function isSensitive(path: string): boolean {
  return /^\/api\/(auth\/(login|register|verify-otp|forgot-password|reset-password|sign-in-link|google)|otp\/|admin\/(login|password-reset\/?$))/.test(
    path.toLowerCase(),
  );
}
