import type { Redis } from 'ioredis';
import type { SendLimiter } from '../domain/ports';

/** A fixed window per member in Redis: the first send opens it, the (limit+1)th inside it waits. */
export class RedisSendLimiter implements SendLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  async take(userId: string): Promise<number> {
    const key = `chat:sends:${userId}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(key).pttl(key).exec()) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await this.redis.pexpire(key, this.windowSeconds * 1000);
    if (count <= this.limit) return 0;
    return Math.max(1, Math.ceil((ttl > 0 ? ttl : this.windowSeconds * 1000) / 1000));
  }
}
