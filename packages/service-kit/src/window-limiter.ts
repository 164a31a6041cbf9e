import type { Redis } from 'ioredis';
import { outsideTrace } from './tracing';

/** A per-member cap on calls of one kind: how long to wait, or 0 when the call may go ahead. */
export interface RateLimiter {
  /** Seconds to wait, or 0 when the call may go ahead (and is counted). */
  take(userId: string): Promise<number>;
}

/**
 * Counts a member's calls of one kind in a fixed window in Redis: the first call opens the window,
 * the (limit+1)th inside it is told how many seconds remain. Shared by every per-member cap (chat
 * sends, client notifications, proposals an hour), so they count and answer alike.
 */
export class RedisWindowLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  /** Seconds to wait, or 0 when the call may go ahead (and is counted). */
  async take(userId: string): Promise<number> {
    const key = `limit:${this.name}:${userId}`;
    // Counting is bookkeeping: no spans for its commands (see outsideTrace).
    const [[, count], [, ttl]] = (await outsideTrace(() =>
      this.redis.multi().incr(key).pttl(key).exec(),
    )) as [[null, number], [null, number]];
    if (ttl < 0) await outsideTrace(() => this.redis.pexpire(key, this.windowSeconds * 1000));
    if (count <= this.limit) return 0;
    return Math.max(1, Math.ceil((ttl > 0 ? ttl : this.windowSeconds * 1000) / 1000));
  }
}
