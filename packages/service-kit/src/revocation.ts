import type { Redis } from 'ioredis';
import type { Principal } from './jwt';

/**
 * Token revocation kept in Redis, shared by auth (writer), the gateway and every service (readers).
 * - deny:jti:<jti>           one token revoked (logout)
 * - deny:user-before:<sub>   every token of a user issued before this time (seconds) is revoked
 *                            (password change, suspension)
 */
export const revocationKeys = {
  jti: (jti: string) => `deny:jti:${jti}`,
  userBefore: (userId: string) => `deny:user-before:${userId}`,
};

export function revocationChecker(redis: Redis): (p: Principal) => Promise<boolean> {
  return async (p) => {
    const [jti, before] = await redis.mget(
      revocationKeys.jti(p.jti),
      revocationKeys.userBefore(p.userId),
    );
    if (jti) return true;
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
}

/** Revokes every token of a user issued up to now (ttl: longest token lifetime, in seconds). */
export async function revokeUserTokens(
  redis: Redis,
  userId: string,
  ttlSeconds: number,
): Promise<void> {
  await redis.set(
    revocationKeys.userBefore(userId),
    String(Math.floor(Date.now() / 1000)),
    'EX',
    ttlSeconds,
  );
}
