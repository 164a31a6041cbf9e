import { revokeUserTokens } from '@swapbooth/service-kit';
import type { SessionRevoker } from '../domain/ports';

type Redis = Parameters<typeof revokeUserTokens>[0];

/**
 * Ends an admin's tokens on the shared deny-list the gateway and every service read, for as long
 * as an admin token can live. The admin service also checks its own record on every call, so its
 * routes refuse the tokens even when Redis has forgotten the entry.
 */
export function redisSessionRevoker(redis: Redis, tokenTtlSeconds: number): SessionRevoker {
  return {
    revokeAll: (adminId, at) =>
      revokeUserTokens(redis, adminId, tokenTtlSeconds, Math.floor(at.getTime() / 1000)),
  };
}
