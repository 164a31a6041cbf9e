import type { Redis } from 'ioredis';
import type { CallLimiter } from '../domain/ports';

/** A fixed window per member in Redis: the (limit+1)th call inside it waits for the window's end. */
export class RedisCallLimiter implements CallLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  async take(userId: string): Promise<number> {
    const key = `limit:${this.name}:${userId}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(key).pttl(key).exec()) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await this.redis.pexpire(key, this.windowSeconds * 1000);
    if (count <= this.limit) return 0;
    return Math.max(1, Math.ceil((ttl > 0 ? ttl : this.windowSeconds * 1000) / 1000));
  }
}
