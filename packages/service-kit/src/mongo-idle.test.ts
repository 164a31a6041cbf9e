import { IDLE_POOL_CHECK_MS, letMongoPoolsIdle } from './mongo-idle';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ConnectionPool } = require('mongodb/lib/cmap/connection_pool') as {
  ConnectionPool: { prototype: object };
};

interface FakePool {
  minPoolSizeTimer?: NodeJS.Timeout & { _idleTimeout?: number };
  ensureMinPoolSize(): void;
}

/** A pool as the driver's check sees it: ready, no connections. */
function pool(options: { minPoolSize: number; maxIdleTimeMS: number }, poolState = 'ready') {
  return Object.assign(Object.create(ConnectionPool.prototype) as FakePool, {
    poolState,
    options: { ...options, maxConnecting: 2, minPoolSizeCheckFrequencyMS: 100 },
    connections: { length: 0, prune: () => undefined },
    pending: 0,
    checkedOut: new Set(),
  });
}

const delayOf = (p: FakePool) => p.minPoolSizeTimer?._idleTimeout;

describe('letMongoPoolsIdle', () => {
  beforeAll(() => expect(letMongoPoolsIdle()).toBe(true));

  it('lets a pool that keeps no connections check every few seconds, not every 100 ms', () => {
    const p = pool({ minPoolSize: 0, maxIdleTimeMS: 0 });
    p.ensureMinPoolSize();
    expect(delayOf(p)).toBe(IDLE_POOL_CHECK_MS);
    clearTimeout(p.minPoolSizeTimer);
  });

  it("keeps the driver's timing for a pool that closes idle connections", () => {
    const p = pool({ minPoolSize: 0, maxIdleTimeMS: 30_000 });
    p.ensureMinPoolSize();
    expect(delayOf(p)).toBe(100);
    clearTimeout(p.minPoolSizeTimer);
  });

  it('arms no check while the pool is paused', () => {
    const p = pool({ minPoolSize: 0, maxIdleTimeMS: 0 }, 'paused');
    p.ensureMinPoolSize();
    expect(p.minPoolSizeTimer).toBeUndefined();
  });

  it('is applied once', () => {
    expect(letMongoPoolsIdle()).toBe(true);
    const p = pool({ minPoolSize: 0, maxIdleTimeMS: 0 });
    p.ensureMinPoolSize();
    expect(delayOf(p)).toBe(IDLE_POOL_CHECK_MS);
    clearTimeout(p.minPoolSizeTimer);
  });
});
