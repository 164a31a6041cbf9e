import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, type Logger } from '@swapbooth/service-kit';
import { SyncedWindowLimiter } from './synced-limiter';

/** A fixed-window limiter in Redis (shared by every gateway replica), with an in-memory fallback if Redis is down. */
function exactLimiter(redis: Redis, name: string, points: number, duration: number) {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `rl:${name}`,
    points,
    duration,
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
    /** Sends the last counts; for shutdown. */
    close: () => Promise.all([ip.close(), user.close()]).then(() => undefined),
  };
}
