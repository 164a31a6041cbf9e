import type { Redis } from 'ioredis';
import type { ViewLedger } from '../../domain/booth-repository';

/** One Redis key per booth, viewer and UTC day, set only if absent and expiring after the day. */
export class RedisViewLedger implements ViewLedger {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async firstViewToday(boothId: string, viewer: string): Promise<boolean> {
    const day = this.now().toISOString().slice(0, 10);
    const key = `catalog:booth-view:${boothId}:${day}:${viewer}`;
    return (await this.redis.set(key, '1', 'EX', 2 * 24 * 3600, 'NX')) === 'OK';
  }
}
