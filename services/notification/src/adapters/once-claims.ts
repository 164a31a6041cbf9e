import type { Redis } from 'ioredis';
import type { OnceClaims } from '../domain/ports';

/** One-time claims in Redis, kept a day (far longer than any redelivery of the same event). */
export class RedisOnceClaims implements OnceClaims {
  constructor(private readonly redis: Redis) {}

  async claim(key: string): Promise<boolean> {
    return (await this.redis.set(`once:${key}`, '1', 'EX', 86_400, 'NX')) === 'OK';
  }
}
