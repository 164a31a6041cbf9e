import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiter } from '../../domain/reports';

/** A fixed-window limit shared by every replica through Redis. */
export class RedisRateLimiter implements RateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: Redis, keyPrefix: string, points: number, durationSeconds: number) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration: durationSeconds,
    });
  }

  async take(key: string) {
    try {
      await this.limiter.consume(key);
      return { allowed: true as const };
    } catch (res) {
      if (res instanceof RateLimiterRes) {
        return { allowed: false as const, retryAfterSeconds: Math.ceil(res.msBeforeNext / 1000) };
      }
      throw res;
    }
  }
}
