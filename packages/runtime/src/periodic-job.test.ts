import type { Logger } from '@swapbooth/service-kit';
import { PeriodicJob } from './periodic-job';

function quietLogger() {
  const warned: unknown[] = [];
  const logger = {
    debug: () => undefined,
    warn: (fields: unknown) => warned.push(fields),
  } as unknown as Logger;
  return { logger, warned };
}

describe('PeriodicJob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at start and then every period, and stops', async () => {
    const { logger } = quietLogger();
    let runs = 0;
    const job = new PeriodicJob('count', 1000, async () => ++runs, logger);
    job.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    await job.stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('logs a failed run and runs again on time', async () => {
    const { logger, warned } = quietLogger();
    let runs = 0;
    const job = new PeriodicJob(
      'flaky',
      1000,
      async () => {
        if (++runs === 1) throw new Error('boom');
      },
      logger,
    );
    job.start();
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(warned).toEqual([expect.objectContaining({ job: 'flaky' })]);
    await job.stop();
  });

  it('passes a turn when `when` says no, and counts both', async () => {
    const { logger } = quietLogger();
    let leased = false;
    let runs = 0;
    const job = new PeriodicJob(
      'leased',
      1000,
      async () => ++runs,
      logger,
      () => leased,
    );
    job.start();
    await jest.advanceTimersByTimeAsync(0);
    expect({ runs, ran: job.ran, passed: job.passed }).toEqual({ runs: 0, ran: 0, passed: 1 });
    leased = true;
    await jest.advanceTimersByTimeAsync(1000);
    expect({ runs, ran: job.ran, passed: job.passed }).toEqual({ runs: 1, ran: 1, passed: 1 });
    await job.stop();
  });

  it('waits on stop for a run in progress', async () => {
    const { logger } = quietLogger();
    let finish!: () => void;
    let done = false;
    const job = new PeriodicJob(
      'slow',
      1000,
      () => new Promise<void>((resolve) => (finish = resolve)).then(() => void (done = true)),
      logger,
    );
    job.start();
    const stopped = job.stop();
    finish();
    await stopped;
    expect(done).toBe(true);
  });
});
