import type { Redis } from 'ioredis';
import { AppError } from './errors';
import type { Principal } from './jwt';
import { forgetDenyKey, type DenyListCache } from './deny-list-cache';
import { outsideTrace } from './tracing';

/**
 * Token revocation kept in Redis, shared by auth (writer), the gateway and every service (readers).
 * - deny:jti:<jti>           one token revoked (logout)
 * - deny:user-before:<sub>   every token of a user issued before this time (seconds) is revoked
 *                            (password change, suspension)
 * - deny:complete            set by auth once Redis holds every live revocation
 *
 * Redis is a copy: auth records each revocation in its database first. Redis restarted empty has
 * no `deny:complete`; auth notices within a second, writes the live revocations back and sets it.
 * Until then a reader that has seen the marker refuses to vouch for any token (503), so a revoked
 * token never passes because Redis forgot it. A reader that has never seen the marker (auth not
 * run on this Redis prefix yet, as in a service's own tests) checks the keys alone.
 */
export const revocationKeys = {
  jti: (jti: string) => `deny:jti:${jti}`,
  userBefore: (userId: string) => `deny:user-before:${userId}`,
  complete: 'deny:complete',
};

/** Told to a caller while Redis lost the deny-list and auth has not restored it yet. */
export const REVOCATIONS_RESTORING =
  'Session checks are being restored; try again in a few seconds';

/**
 * Whether a token is revoked. With a {@link DenyListCache} the keys come from its copy (a Redis
 * round trip only for a token not seen since its keys last changed); without one, from Redis on
 * every call.
 */
export function revocationChecker(
  redis: Redis,
  cache?: DenyListCache,
): (p: Principal) => Promise<boolean> {
  let seenComplete = false;
  // Every authenticated request's: no span of its own (see outsideTrace).
  const read = cache
    ? (keys: string[]) => cache.get(keys)
    : (keys: string[]) => outsideTrace(() => redis.mget(...keys));
  return async (p) => {
    const [jti, before, complete] = await read([
      revocationKeys.jti(p.jti),
      revocationKeys.userBefore(p.userId),
      revocationKeys.complete,
    ]);
    if (jti) return true;
    if (complete) seenComplete = true;
    else if (seenComplete) throw AppError.unavailable(REVOCATIONS_RESTORING);
    return before !== null && p.issuedAt <= Number(before);
  };
}

/** Revokes one token until it would have expired anyway. */
export async function revokeToken(
  redis: Redis,
  p: Pick<Principal, 'jti' | 'expiresAt'>,
): Promise<void> {
  const ttl = Math.max(1, p.expiresAt - Math.floor(Date.now() / 1000));
  await redis.set(revocationKeys.jti(p.jti), '1', 'EX', ttl);
  forgetDenyKey(redis, revocationKeys.jti(p.jti));
}

/**
 * Revokes every token of a user issued up to `at` (seconds; now by default), for `ttlSeconds`
 * (the longest token lifetime).
 */
export async function revokeUserTokens(
  redis: Redis,
  userId: string,
  ttlSeconds: number,
  at = Math.floor(Date.now() / 1000),
): Promise<void> {
  await redis.set(revocationKeys.userBefore(userId), String(at), 'EX', ttlSeconds);
  forgetDenyKey(redis, revocationKeys.userBefore(userId));
}
