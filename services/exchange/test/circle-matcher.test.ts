import type { RunningService } from '@swapbooth/runtime';
import { eventually, type Loose } from '@swapbooth/test-kit';
import type { ExchangeConfig } from '../src/config';
import type { ExchangeDeps } from '../src/deps';
import { startExchangeService } from '../src/service';
import { Api } from '@swapbooth/test-kit';
import { newMember, startExchange, type Harness, type Member } from './support/harness';
import { listingsOf } from './support/fixtures';

let h: Harness;
let replica: RunningService<ExchangeConfig, ExchangeDeps> | undefined;
const settings = {
  CIRCLE_MATCH_DEBOUNCE_MS: '100',
  CIRCLE_MATCH_EVERY_MS: '300',
  CIRCLE_MATCHER_LEASE_MS: '5000',
  // A circle waits 7.2 s for its answers.
  CIRCLE_ANSWER_HOURS: '0.002',
  CIRCLE_SWEEP_MS: '300',
};
beforeAll(async () => {
  h = await startExchange(settings);
});
afterAll(async () => {
  await replica?.stop();
  await h?.stop();
});

const circlesOf = async (m: Member, on: Harness = h): Promise<Loose[]> =>
  (await on.api.get('/api/circles', m.token)).body.data.circles as Loose[];

async function threeWayCycle(on: Harness = h): Promise<Member[]> {
  const ms = [newMember(), newMember(), newMember()];
  const ls = [];
  for (const m of ms) ls.push((await listingsOf(on, m, 1))[0]!);
  for (let i = 0; i < 3; i++) {
    const res = await on.api.put(
      `/api/circles/wants/${ls[i]!.id}`,
      { wants: [ls[(i + 1) % 3]!.id] },
      ms[i]!.token,
    );
    expect(res.status).toBe(200);
  }
  return ms;
}

describe('the circle matcher across replicas', () => {
  it('runs on one replica at a time (the lease): two instances propose one circle, and the other takes over when the first stops', async () => {
    replica = await startExchangeService(h.config, { port: 0, relay: { pollIntervalMs: 200 } });
    const first = h.service.deps.circles.matcher;
    const second = replica.deps.circles.matcher;
    // Both keep trying every 300 ms; exactly one of them holds the lease and matches.
    await eventually(
      () => first.matched + second.matched > 3 && first.skipped + second.skipped > 3,
      20_000,
    );

    const members = await threeWayCycle();
    const circles = await eventually(async () => {
      const seen = await Promise.all(members.map((m) => circlesOf(m)));
      return seen.every((cs) => cs.length > 0) ? seen : undefined;
    }, 20_000);
    // Let several more runs of both pass: still one circle, and one matcher only ever matched.
    const runs = first.matched + second.matched;
    await eventually(() => first.matched + second.matched >= runs + 3, 20_000);
    for (const m of members) expect(await circlesOf(m)).toHaveLength(1);
    expect(new Set(circles.map((cs) => cs[0]!.circle_id)).size).toBe(1);
    const [holder, other] = first.matched > 0 ? [first, second] : [second, first];
    expect(other.matched).toBe(0);
    expect(holder.skipped).toBe(0);
    // The sweep that ends and settles circles runs only on the lease holder too.
    const sweepers = [h.service.deps.circles.sweeper, replica.deps.circles.sweeper];
    const [holderSweep, otherSweep] = holder === first ? sweepers : [sweepers[1]!, sweepers[0]!];
    await eventually(() => holderSweep!.ran >= 2 && otherSweep!.passed >= 2, 20_000);
    expect(otherSweep!.ran).toBe(0);

    // The holder stops (and gives the lease up): the other replica matches the next cycle.
    if (holder === first) {
      // The harness's instance keeps serving the API; stop only its matcher.
      await first.stop();
    } else {
      await replica.stop();
      replica = undefined;
    }
    const next = await threeWayCycle();
    await eventually(async () => (await circlesOf(next[0]!)).length === 1, 20_000);
    expect(other.matched).toBeGreaterThan(0);
  });

  it('dissolves a circle nobody finished answering in time (expired), releasing its listings and leaving out the silent members’ edges', async () => {
    // One instance of its own: the replicas above share nothing with it, so its own sweep is the
    // one that dissolves the circle.
    // Its circle waits an hour for answers, on a clock the test moves past that hour once the
    // first member has accepted: the answer window runs out without waiting it out.
    let shift = 0;
    const now = () => new Date(Date.now() + shift);
    const solo = await startExchange({ ...settings, CIRCLE_ANSWER_HOURS: '1' }, { now });
    try {
      const members = await threeWayCycle(solo);
      const id = await eventually(
        async () => (await circlesOf(members[0]!, solo))[0]?.circle_id as string | undefined,
        20_000,
      );
      expect(
        (await solo.api.put(`/api/circles/${id}/status`, { status: 'accepted' }, members[0]!.token))
          .status,
      ).toBe(200);
      shift = 3600_000 + 1000;

      const view = await eventually(async () => {
        const c = (await solo.api.get(`/api/circles/${id}`, members[1]!.token)).body.data;
        return c.status === 'dissolved' ? c : undefined;
      }, 60_000);
      expect(view).toMatchObject({
        dissolved_reason: 'expired',
        my_answer: 'expired',
        allowed_actions: [],
      });
      const accepter = (await solo.api.get(`/api/circles/${id}`, members[0]!.token)).body.data;
      expect(accepter.my_answer).toBe('accepted');
      const parts = await Promise.all(
        members.map(async (m) => {
          const c = (await solo.api.get(`/api/circles/${id}`, m.token)).body.data;
          return `${c.gives.product_id}>${c.receives.product_id}`;
        }),
      );
      // Released right after the circle's dissolving is stored.
      await eventually(async () => {
        const held = await solo.service.deps.circles.market.reservedListingIds();
        return parts.every((edge) => !held.has(edge.split('>')[0]!));
      }, 10_000);
      // The two who stayed silent have their edges left out; the one who accepted does not.
      const excluded = await solo.service.deps.circles.exclusions.active(now());
      expect(parts.map((e) => excluded.has(e))).toEqual([false, true, true]);
    } finally {
      await solo.stop();
    }
  }, 120_000);

  it('matches a change made on the replica without the lease within seconds: it asks the holder for a run', async () => {
    // Both replicas of this pair run only every minute on their own; requests are checked every 200 ms.
    const pair = await startExchange({
      CIRCLE_MATCH_DEBOUNCE_MS: '100',
      CIRCLE_MATCH_EVERY_MS: '60000',
      CIRCLE_MATCH_CHECK_MS: '200',
      CIRCLE_MATCHER_LEASE_MS: '120000',
    });
    const other = await startExchangeService(pair.config, {
      port: 0,
      relay: { pollIntervalMs: 200 },
    });
    try {
      const a = pair.service.deps.circles.matcher;
      const b = other.deps.circles.matcher;
      await eventually(() => a.matched + b.matched >= 1 && a.skipped + b.skipped >= 1, 20_000);
      const [holder, notHolder, notHolderUrl] = a.holding ? [a, b, other.url] : [b, a, pair.url];
      const ran = holder.matched;

      // Listings reach both (one database); the want lists go through the replica without the lease.
      const ms = [newMember(), newMember(), newMember()];
      const ls = [];
      for (const m of ms) ls.push((await listingsOf(pair, m, 1))[0]!);
      const via = new Api(notHolderUrl);
      for (let i = 0; i < 3; i++) {
        const res = await via.put(
          `/api/circles/wants/${ls[i]!.id}`,
          { wants: [ls[(i + 1) % 3]!.id] },
          ms[i]!.token,
        );
        expect(res.status).toBe(200);
      }
      const started = Date.now();
      await eventually(
        async () =>
          ((await pair.api.get('/api/circles', ms[0]!.token)).body.data.circles as Loose[])
            .length === 1,
        20_000,
      );
      // Well before either replica's own minute came round.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(holder.matched).toBeGreaterThan(ran);
      expect(notHolder.matched).toBe(0);
    } finally {
      await other.stop();
      await pair.stop();
    }
  });
});
