import { storage, StorageKeys } from './storage-keys';

/** Session problem messages (SPEC §4). */
export const SessionMessages = {
  noToken: 'No authentication token',
  invalidFormat: 'Invalid token format',
  expired: 'Session expired',
} as const;

export type TokenCheck =
  | { ok: true; token: string; userId: string | undefined; expiresAt: number }
  | { ok: false; reason: (typeof SessionMessages)[keyof typeof SessionMessages] };

interface Claims {
  exp?: unknown;
  sub?: unknown;
  userId?: unknown;
}

function decodeSegment(segment: string): Claims | undefined {
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Claims) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a token against SPEC §4: three dot-separated parts and an unexpired `exp`.
 * A malformed or expired token is removed from storage; the member is then signed out.
 */
export function checkStoredToken(now: number = Date.now()): TokenCheck {
  const token = storage.get(StorageKeys.token);
  if (!token) return { ok: false, reason: SessionMessages.noToken };
  const parts = token.split('.');
  const claims = parts.length === 3 ? decodeSegment(parts[1]!) : undefined;
  if (!claims || typeof claims.exp !== 'number') {
    storage.remove(StorageKeys.token);
    return { ok: false, reason: SessionMessages.invalidFormat };
  }
  const expiresAt = claims.exp * 1000;
  if (expiresAt <= now) {
    storage.remove(StorageKeys.token);
    return { ok: false, reason: SessionMessages.expired };
  }
  const userId =
    typeof claims.sub === 'string'
      ? claims.sub
      : typeof claims.userId === 'string'
        ? claims.userId
        : undefined;
  return { ok: true, token, userId, expiresAt };
}

export const saveToken = (token: string) => storage.set(StorageKeys.token, token);
export const clearToken = () => storage.remove(StorageKeys.token);
export const readToken = () => storage.get(StorageKeys.token);

/** Remembers where a signed-out visitor wanted to go (path, query and hash). */
export function rememberRedirect(location: { pathname: string; search: string; hash: string }) {
  storage.set(StorageKeys.redirectUrl, `${location.pathname}${location.search}${location.hash}`);
}

/** The saved destination after sign-in (cleared once read); only same-site paths are honoured. */
export function takeRedirect(fallback = '/'): string {
  const saved = storage.get(StorageKeys.redirectUrl);
  storage.remove(StorageKeys.redirectUrl);
  if (!saved || !saved.startsWith('/') || saved.startsWith('//')) return fallback;
  if (saved.startsWith('/authenticate') || saved.startsWith('/otp-verification')) return fallback;
  return saved;
}
