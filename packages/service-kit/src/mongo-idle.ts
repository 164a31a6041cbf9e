/**
 * Makes the MongoDB driver's connection pools sleep while idle. Every pool runs
 * `ensureMinPoolSize` on a timer every 100 ms for as long as it is open (the driver's internal
 * `minPoolSizeCheckFrequencyMS`, which a client cannot set): a timer that wakes an idle service
 * ten times a second. With `minPoolSize` 0 (ours) and no `maxIdleTimeMS` the check has nothing to
 * do: it opens no connection, and the only ones it closes are those of an earlier pool generation
 * (after the pool was cleared), which a checkout also closes before using them.
 *
 * Applied once, to the pool class every client uses: a pool with `minPoolSize` 0 and no
 * `maxIdleTimeMS` checks every `IDLE_POOL_CHECK_MS` instead. Pools that keep connections open
 * (`minPoolSize` > 0) or close idle ones (`maxIdleTimeMS`) keep the driver's timing. Another major
 * version of the driver is left alone.
 */

interface Pool {
  options: { minPoolSize: number; maxIdleTimeMS: number };
  minPoolSizeTimer?: NodeJS.Timeout;
  ensureMinPoolSize(): void;
}

const PATCHED = Symbol.for('swapbooth.mongo-idle');
export const IDLE_POOL_CHECK_MS = 10_000;

export function letMongoPoolsIdle(): boolean {
  /* eslint-disable @typescript-eslint/no-require-imports */
  let version: string;
  let pool: { ConnectionPool?: { prototype: Pool & { [PATCHED]?: true } } };
  try {
    version = (require('mongodb/package.json') as { version: string }).version;
    pool = require('mongodb/lib/cmap/connection_pool') as typeof pool;
  } catch {
    return false;
  }
  /* eslint-enable @typescript-eslint/no-require-imports */
  if (!version.startsWith('7.')) return false;
  const proto = pool.ConnectionPool?.prototype;
  if (!proto || typeof proto.ensureMinPoolSize !== 'function') return false;
  if (proto[PATCHED]) return true;
  const ensure = proto.ensureMinPoolSize;
  proto.ensureMinPoolSize = function (this: Pool) {
    const armed = this.minPoolSizeTimer;
    ensure.call(this);
    const { minPoolSize, maxIdleTimeMS } = this.options;
    // Only when the driver has just armed its next check (none while the pool is paused or closed).
    if (minPoolSize !== 0 || maxIdleTimeMS || !this.minPoolSizeTimer) return;
    if (this.minPoolSizeTimer === armed) return;
    clearTimeout(this.minPoolSizeTimer);
    this.minPoolSizeTimer = setTimeout(() => this.ensureMinPoolSize(), IDLE_POOL_CHECK_MS);
  };
  proto[PATCHED] = true;
  return true;
}
