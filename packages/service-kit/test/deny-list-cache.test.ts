import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { eventually, startTcpProxy } from '@swapbooth/test-kit';
import {
  AppError,
  createLogger,
  createRedis,
  DenyListCache,
  REVOCATIONS_RESTORING,
  revocationChecker,
  revocationKeys,
  revokeToken,
  revokeUserTokens,
  type Principal,
} from '../src';

/**
 * The deny-list check with its local copy, on the real Redis: a token seen before is answered
 * without a Redis round trip, and every change to the deny-list (made here, by another process,
 * by expiry or by losing the data) reaches the answer; while tracking is down, every check asks
 * Redis.
 */
jest.setTimeout(60_000);

const logger = createLogger('deny-list-test', 'silent');
const prefix = `${process.env.REDIS_KEY_PREFIX}deny-cache:${randomUUID().slice(0, 8)}:`;
/** The service's own client (with its key prefix), as the runtime builds it. */
let redis: Redis;
/** Another process's client: auth or admin revoking, or Redis losing the keys. */
let other: Redis;
let cache: DenyListCache;
let mgets: jest.SpyInstance;

const principal = (userId: string = randomUUID()): Principal => {
  const now = Math.floor(Date.now() / 1000);
  return {
    userId,
    jti: randomUUID(),
    issuedAt: now - 10,
    expiresAt: now + 900,
    kind: 'member',
  };
};

beforeAll(async () => {
  redis = createRedis(process.env.REDIS_URL!, prefix, logger);
  other = createRedis(process.env.REDIS_URL!, prefix, logger);
  await other.set(revocationKeys.complete, '1');
});

beforeEach(async () => {
  cache = new DenyListCache(redis, logger);
  await eventually(() => cache.tracking, 10_000);
  mgets = jest.spyOn(redis, 'mget');
});

afterEach(() => {
  mgets.mockRestore();
  cache.close();
});

afterAll(async () => {
  const keys = await other.keys(`${prefix}*`);
  if (keys.length) await other.del(...keys.map((k) => k.slice(prefix.length)));
  redis.disconnect();
  other.disconnect();
});

describe('the deny-list cache', () => {
  it('asks Redis once per token, then answers from its copy', async () => {
    const check = revocationChecker(redis, cache);
    const p = principal();
    for (let i = 0; i < 5; i++) expect(await check(p)).toBe(false);
    expect(mgets).toHaveBeenCalledTimes(1);
    // Another token of the same member reads its own key once.
    expect(await check(principal(p.userId))).toBe(false);
    expect(mgets).toHaveBeenCalledTimes(2);
  });

  it('refuses a token another process revokes, as soon as Redis says so', async () => {
    const check = revocationChecker(redis, cache);
    const p = principal();
    expect(await check(p)).toBe(false);
    await revokeToken(other, p);
    await eventually(() => check(p), 10_000);
    expect(await check(p)).toBe(true);
  });

  it('refuses every older token of a member another process signs out everywhere', async () => {
    const check = revocationChecker(redis, cache);
    const p = principal();
    expect(await check(p)).toBe(false);
    await revokeUserTokens(other, p.userId, 900);
    await eventually(() => check(p), 10_000);
  });

  it('refuses a token revoked through its own client at once, before Redis says so', async () => {
    // Invalidations reach this copy 300 ms late (through a slow link): only the writer's own
    // drop of the key can make the next check right.
    const direct = new URL(process.env.REDIS_URL!);
    const slow = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
    const watcher = new Redis(slow.port, '127.0.0.1', {
      autoResubscribe: false,
      lazyConnect: true,
    });
    const late = new DenyListCache(redis, logger, { watcher });
    try {
      await watcher.connect();
      await eventually(() => late.tracking, 10_000);
      slow.setDelay(300);
      const check = revocationChecker(redis, late);
      const p = principal();
      expect(await check(p)).toBe(false);
      await revokeToken(redis, p);
      expect(await check(p)).toBe(true);

      const q = principal();
      expect(await check(q)).toBe(false);
      await revokeUserTokens(redis, q.userId, 900);
      expect(await check(q)).toBe(true);
    } finally {
      late.close();
      await slow.close();
    }
  });

  it('lets a token pass again once its revocation expires in Redis', async () => {
    const check = revocationChecker(redis, cache);
    const p = principal();
    await other.set(revocationKeys.jti(p.jti), '1', 'PX', 300);
    expect(await check(p)).toBe(true);
    await eventually(async () => !(await check(p)), 10_000);
  });

  it('answers 503 once Redis has lost the deny-list, as without the copy', async () => {
    const lost = `${prefix}lost:`;
    const own = createRedis(process.env.REDIS_URL!, lost, logger);
    const writer = createRedis(process.env.REDIS_URL!, lost, logger);
    const lostCache = new DenyListCache(own, logger);
    try {
      await eventually(() => lostCache.tracking, 10_000);
      await writer.set(revocationKeys.complete, '1');
      const check = revocationChecker(own, lostCache);
      const p = principal();
      expect(await check(p)).toBe(false);
      await writer.del(revocationKeys.complete);
      const refused = await eventually(async () => {
        try {
          await check(p);
          return false;
        } catch (err) {
          return err as AppError;
        }
      }, 10_000);
      expect(refused.message).toBe(REVOCATIONS_RESTORING);
      await writer.set(revocationKeys.complete, '1');
      await eventually(async () => (await check(p).catch(() => true)) === false, 10_000);
    } finally {
      lostCache.close();
      own.disconnect();
      writer.disconnect();
    }
  });

  it('misses no revocation made while its tracking connection is cut, then caches again', async () => {
    const check = revocationChecker(redis, cache);
    const p = principal();
    expect(await check(p)).toBe(false);
    const clients = String(await other.client('LIST'));
    const watch = clients
      .split('\n')
      .find((line) => line.includes(` name=${prefix}deny-list-watch `));
    const id = /\bid=(\d+)/.exec(watch ?? '')?.[1];
    expect(id).toBeDefined();
    // Redis's invalidation for this revocation goes nowhere: the copy must not keep its old answer.
    await other.client('KILL', 'ID', id!);
    await revokeToken(other, p);
    await eventually(() => check(p), 10_000);
    // The connection comes back, tracking starts over, and the copy is used again.
    await eventually(() => cache.tracking, 10_000);
    expect(await check(p)).toBe(true);
    const q = principal();
    const before = mgets.mock.calls.length;
    expect(await check(q)).toBe(false);
    expect(await check(q)).toBe(false);
    expect(mgets.mock.calls.length).toBe(before + 1);
  });

  it('checks Redis on every call where the server refuses tracking', async () => {
    // A connection not allowed the CLIENT command stands in for a server without it.
    const user = `deny-cache-test-${randomUUID().slice(0, 8)}`;
    await other.call('ACL', 'SETUSER', user, 'on', 'nopass', '+@all', '-client', '~*', '&*');
    const direct = new URL(process.env.REDIS_URL!);
    const watcher = new Redis(Number(direct.port), direct.hostname, {
      username: user,
      autoResubscribe: false,
      lazyConnect: true,
    });
    const refused = new DenyListCache(redis, logger, { watcher });
    try {
      await watcher.connect();
      await eventually(() => watcher.status === 'end', 10_000);
      expect(refused.tracking).toBe(false);
      const check = revocationChecker(redis, refused);
      const p = principal();
      expect(await check(p)).toBe(false);
      expect(await check(p)).toBe(false);
      expect(mgets).toHaveBeenCalledTimes(2);
      await revokeToken(other, p);
      expect(await check(p)).toBe(true);
    } finally {
      refused.close();
      await other.call('ACL', 'DELUSER', user);
    }
  });

  it('keeps at most maxKeys keys, reading a dropped one again', async () => {
    const small = new DenyListCache(redis, logger, { maxKeys: 3 });
    try {
      await eventually(() => small.tracking, 10_000);
      const check = revocationChecker(redis, small);
      const [a, b] = [principal(), principal()];
      await check(a);
      await check(a);
      expect(mgets).toHaveBeenCalledTimes(1);
      await check(b);
      await check(a);
      expect(mgets).toHaveBeenCalledTimes(3);
    } finally {
      small.close();
    }
  });
});
