import { Redis } from 'ioredis';
import { createLogger, createRedis } from '@swapbooth/service-kit';
import { SyncedWindowLimiter } from '../src/synced-limiter';

/**
 * The per-IP and per-member limit against real Redis: decided from local counts, summed across
 * gateways (here two limiters on one Redis) at each sync.
 */
const logger = createLogger('test', 'silent');
const prefix = `${process.env.REDIS_KEY_PREFIX}limiter:${Date.now()}:`;
const redis = createRedis(process.env.REDIS_URL!, prefix, logger);
const opened: SyncedWindowLimiter[] = [];

/** A limiter whose timer never fires during a test: syncs happen when the test says. */
const limiter = (client: Redis, points: number, name = 'ip') => {
  const l = new SyncedWindowLimiter(client, {
    name,
    points,
    windowSeconds: 60,
    syncMs: 3_600_000,
    logger,
  });
  opened.push(l);
  return l;
};

// Mid-window, so a test never straddles two windows.
const NOW = 60_000 * 29_000_000 + 30_000;

afterAll(async () => {
  await Promise.all(opened.map((l) => l.close().catch(() => undefined)));
  redis.disconnect();
});

describe('SyncedWindowLimiter', () => {
  it('refuses the call past the limit until the window ends, without asking Redis', () => {
    const l = limiter(redis, 3);
    expect([1, 2, 3].map(() => l.consume('10.0.0.1', NOW))).toEqual([0, 0, 0]);
    expect(l.consume('10.0.0.1', NOW)).toBe(30_000);
    expect(l.consume('10.0.0.2', NOW)).toBe(0);
    expect(l.consume('10.0.0.1', NOW + 30_000)).toBe(0);
  });

  it('sums every gateway’s calls in Redis, so each refuses once the total is reached', async () => {
    const a = limiter(redis, 5, 'shared');
    const b = limiter(redis, 5, 'shared');
    for (let i = 0; i < 4; i++) expect(a.consume('10.0.1.1', NOW)).toBe(0);
    await a.sync(NOW);
    expect(await redis.get(`rl:shared:10.0.1.1:${Math.floor(NOW / 60_000)}`)).toBe('4');
    // B has not heard of A's calls before its own first sync...
    expect(b.consume('10.0.1.1', NOW)).toBe(0);
    await b.sync(NOW);
    // ...and after it, the fifth call across both was the last one allowed.
    expect(b.consume('10.0.1.1', NOW)).toBeGreaterThan(0);
    // A learns of B's call at its next sync: until then it may let one more through (the
    // precision this limiter trades for skipping Redis), after it A refuses too.
    expect(a.consume('10.0.1.1', NOW)).toBe(0);
    await a.sync(NOW);
    expect(a.consume('10.0.1.1', NOW)).toBeGreaterThan(0);
    // Refused calls count too (a client that keeps calling stays refused); each reaches Redis
    // with its gateway's next sync.
    expect(await redis.get(`rl:shared:10.0.1.1:${Math.floor(NOW / 60_000)}`)).toBe('6');
    await Promise.all([a.sync(NOW), b.sync(NOW)]);
    expect(await redis.get(`rl:shared:10.0.1.1:${Math.floor(NOW / 60_000)}`)).toBe('8');
  });

  it('re-reads a quiet key past half its limit, so calls through other gateways count here too', async () => {
    const a = limiter(redis, 4, 'quiet');
    const b = limiter(redis, 4, 'quiet');
    for (let i = 0; i < 2; i++) expect(a.consume('10.0.3.1', NOW)).toBe(0);
    await a.sync(NOW);
    for (let i = 0; i < 2; i++) expect(b.consume('10.0.3.1', NOW)).toBe(0);
    await b.sync(NOW);
    // A had no new calls for the key, but its sync reads the total the others brought it to.
    await a.sync(NOW);
    expect(a.consume('10.0.3.1', NOW)).toBeGreaterThan(0);
  });

  it('keeps limiting on its own counts while Redis is unreachable, and sends them once it is back', async () => {
    const flaky = new Redis(process.env.REDIS_URL!, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      keyPrefix: prefix,
    });
    flaky.on('error', () => undefined);
    const key = `rl:outage:10.0.2.1:${Math.floor(NOW / 60_000)}`;
    const l = limiter(flaky, 2, 'outage');
    expect(l.consume('10.0.2.1', NOW)).toBe(0);
    await l.sync(NOW); // not connected: the sync fails
    expect(l.consume('10.0.2.1', NOW)).toBe(0);
    expect(l.consume('10.0.2.1', NOW)).toBeGreaterThan(0);
    expect(await redis.get(key)).toBeNull();

    // The failed sync's command started the lazy connection: wait until it is up.
    if (flaky.status !== 'ready') await new Promise((r) => flaky.once('ready', r));
    await l.sync(NOW);
    expect(await redis.get(key)).toBe('3');
    flaky.disconnect();
  });
});
