import { PlatformSampler, type MetricsTarget } from './metrics-sampler';

/** A target that counts its scrapes. */
function counted(): { target: MetricsTarget; scrapes: () => number } {
  let n = 0;
  return {
    target: {
      service: 'gateway',
      replica: 'gateway',
      read: async () => {
        n += 1;
        return `http_requests_total{route="/api/product"} ${n}\n`;
      },
    },
    scrapes: () => n,
  };
}

/** Lets a sample under way finish (its reads are promises, not timers). */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('the Platform sampler', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('samples at the idle pace while nobody watches, at the page pace while someone does', async () => {
    const { target, scrapes } = counted();
    // 15 s while watched, 5 min otherwise; the page counts as closed 60 s after its last call.
    const sampler = new PlatformSampler([target], 15_000, 3_600_000, 300_000, 60_000, Date.now);
    sampler.start();
    await settle();
    expect(scrapes()).toBe(1);

    await jest.advanceTimersByTimeAsync(299_000);
    expect(scrapes()).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(scrapes()).toBe(2);

    // The page opens: a sample of now at once, then every 15 s.
    await sampler.watch();
    expect(sampler.watched).toBe(true);
    expect(scrapes()).toBe(3);
    await jest.advanceTimersByTimeAsync(45_000);
    expect(scrapes()).toBe(6);
    // Its refreshes keep it watched, without a sample of their own.
    await sampler.watch();
    expect(scrapes()).toBe(6);

    // Closed: 60 s after its last call (at 405 s) the page pace stops, and the idle pace counts
    // from there.
    await jest.advanceTimersByTimeAsync(75_000);
    expect(sampler.watched).toBe(false);
    const closedAt = scrapes();
    expect(closedAt).toBe(9);
    await jest.advanceTimersByTimeAsync(280_000);
    expect(scrapes()).toBe(closedAt);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(scrapes()).toBe(closedAt + 1);

    // Every sample of the window is kept for the page's hour, whichever pace took it.
    expect(sampler.recent()).toHaveLength(closedAt + 1);
    await sampler.stop();
  });

  it('takes no sample at all while nobody watches when the idle pace is 0', async () => {
    const { target, scrapes } = counted();
    const sampler = new PlatformSampler([target], 15_000, 3_600_000, 0, 60_000, Date.now);
    sampler.start();
    await settle();
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(scrapes()).toBe(1);
    await sampler.watch();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(scrapes()).toBe(4);
    await jest.advanceTimersByTimeAsync(3_600_000);
    // Three more at the page's pace, then none once it counts as closed.
    expect(scrapes()).toBe(5);
    await sampler.stop();
  });

  it('keeps only the samples of the window', async () => {
    const { target } = counted();
    const sampler = new PlatformSampler([target], 1_000, 10_000, 1_000, 60_000, Date.now);
    sampler.start();
    await jest.advanceTimersByTimeAsync(60_000);
    const samples = sampler.recent();
    expect(samples.at(-1)!.at - samples[0]!.at).toBeLessThanOrEqual(10_500);
    await sampler.stop();
  });
});
