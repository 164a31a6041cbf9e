import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, type Logger } from '@swapbooth/service-kit';
import { SyncedWindowLimiter } from './synced-limiter';

/**
 * A fixed-window limiter in Redis (shared by every gateway replica). While Redis is not ready it
 * limits on this gateway's own counts at once (in memory) rather than waiting on the connection.
 */
function exactLimiter(redis: Redis, name: string, points: number, duration: number) {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `rl:${name}`,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points, duration }),
  });
}

export interface RateLimits {
  perIp: number;
  perUser: number;
  sensitivePerIp: number;
  windowSeconds: number;
  /** How often the broad limits (per IP, per member) are summed across gateways in Redis. */
  syncMs: number;
}

const limited = (msBeforeNext: number) => {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return AppError.rateLimited(`Too many requests; try again in ${seconds} seconds`, seconds);
};

/**
 * The gateway's limits. Per IP and per member apply to every call, so they are counted here and
 * summed across gateways in Redis a few times a second (no Redis round trip per call); sign-in,
 * OTP and password-reset calls have a tight limit and are counted in Redis exactly.
 *
 * When Redis is down or restarts empty, no limit opens up: the broad limits keep the highest
 * total this gateway has learnt plus its own calls (a key over its limit stays over it until its
 * window ends), and the exact limits fall back to this gateway's own counts in memory while Redis
 * is away. The price: after a restart, other gateways' earlier calls to a sensitive route are
 * forgotten, so each gateway can allow up to one more window of them.
 */
export function rateLimiters(redis: Redis, limits: RateLimits, logger: Logger) {
  const synced = (name: string, points: number) =>
    new SyncedWindowLimiter(redis, {
      name,
      points,
      windowSeconds: limits.windowSeconds,
      syncMs: limits.syncMs,
      logger,
    });
  const ip = synced('ip', limits.perIp);
  const user = synced('user', limits.perUser);
  const sensitive = exactLimiter(redis, 'sensitive', limits.sensitivePerIp, limits.windowSeconds);

  const consumeExact = async (key: string) => {
    try {
      await sensitive.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw limited(res.msBeforeNext);
      throw res;
    }
  };

  return {
    byIp: (): RequestHandler => (req, _res, next) => {
      const wait = ip.consume(req.ip ?? 'unknown');
      next(wait > 0 ? limited(wait) : undefined);
    },
    sensitiveByIp: (): RequestHandler => (req, _res, next) => {
      consumeExact(req.ip ?? 'unknown').then(() => next(), next);
    },
    byUser: async (userId: string): Promise<void> => {
      const wait = user.consume(userId);
      if (wait > 0) throw limited(wait);
    },
    /** Sends this gateway's counts and learns the totals now, not at the next sync. */
    sync: () => Promise.all([ip.syncNow(), user.syncNow()]).then(() => undefined),
    /** Sends the last counts; for shutdown. */
    close: () => Promise.all([ip.close(), user.close()]).then(() => undefined),
  };
}
