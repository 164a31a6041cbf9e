import { createLogger } from '@swapbooth/service-kit';
import { eventually } from '@swapbooth/test-kit';
import type { MatcherLease } from '../domain/circle-ports';
import { CircleMatcherJob } from './circle-matcher';

/** One lease in memory, shared by the jobs given it. */
function memoryLease(): MatcherLease & { claims: number } {
  let holder: string | undefined;
  let until = 0;
  let requested: Date | undefined;
  return {
    claims: 0,
    async claim(h, ttlMs, now) {
      this.claims++;
      if (holder !== undefined && holder !== h && until > now.getTime()) return false;
      holder = h;
      until = now.getTime() + ttlMs;
      return true;
    },
    async release(h) {
      if (holder === h) holder = undefined;
    },
    async request(now) {
      requested = now;
    },
    async requestedAt() {
      return requested;
    },
  };
}

const logger = createLogger('circle-matcher-test', 'error');

describe('CircleMatcherJob', () => {
  it('renews its lease without matching an unchanged market again, and matches on a change', async () => {
    const lease = memoryLease();
    let runs = 0;
    const job = new CircleMatcherJob(
      async () => runs++,
      lease,
      // Renewed every 100 ms; matched anyway only every minute.
      { holder: 'a', debounceMs: 10, everyMs: 60_000, leaseMs: 300, checkMs: 60_000 },
      logger,
    );
    job.start();
    try {
      await eventually(() => job.matched === 1 && job.renewed >= 3, 5_000);
      expect(runs).toBe(1);
      expect(job.holding).toBe(true);
      expect(job.skipped).toBe(0);

      job.poke();
      await eventually(() => job.matched === 2, 5_000);
      const renewed = job.renewed;
      await eventually(() => job.renewed >= renewed + 2, 5_000);
      expect(runs).toBe(2);
    } finally {
      await job.stop();
    }
  });

  it('keeps another replica out with its renewals, and matches when it wins the lease itself', async () => {
    const lease = memoryLease();
    const a = new CircleMatcherJob(
      async () => undefined,
      lease,
      { holder: 'a', debounceMs: 10, everyMs: 60_000, leaseMs: 300, checkMs: 60_000 },
      logger,
    );
    const b = new CircleMatcherJob(
      async () => undefined,
      lease,
      { holder: 'b', debounceMs: 10, everyMs: 60_000, leaseMs: 300, checkMs: 60_000 },
      logger,
    );
    a.start();
    await eventually(() => a.matched === 1, 5_000);
    b.start();
    try {
      await eventually(() => b.skipped >= 3 && a.renewed >= 3, 5_000);
      expect(b.matched).toBe(0);
      expect(a.matched).toBe(1);

      // The holder stops and gives the lease up: the other's next renewal wins it and matches.
      await a.stop();
      await eventually(() => b.matched === 1, 5_000);
      expect(b.holding).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
