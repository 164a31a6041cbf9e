import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@swapbooth/service-kit';

/** A fixed-window limiter in Redis (shared by every gateway replica), with an in-memory fallback if Redis is down. */
function limiter(redis: Redis, name: string, points: number, duration: number): RateLimiterRedis {
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
}

export function rateLimiters(redis: Redis, limits: RateLimits) {
  const ip = limiter(redis, 'ip', limits.perIp, limits.windowSeconds);
  const user = limiter(redis, 'user', limits.perUser, limits.windowSeconds);
  const sensitive = limiter(redis, 'sensitive', limits.sensitivePerIp, limits.windowSeconds);

  const consume = async (l: RateLimiterRedis, key: string) => {
    try {
      await l.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw AppError.rateLimited(`Too many requests; try again in ${seconds} seconds`, seconds);
      }
      throw res;
    }
  };

  return {
    byIp: (): RequestHandler => (req, _res, next) => {
      consume(ip, req.ip ?? 'unknown').then(() => next(), next);
    },
    sensitiveByIp: (): RequestHandler => (req, _res, next) => {
      consume(sensitive, req.ip ?? 'unknown').then(() => next(), next);
    },
    byUser: (userId: string) => consume(user, userId),
  };
}
