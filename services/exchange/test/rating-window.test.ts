import { Topics } from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@swapbooth/test-kit';
import { loadExchangeConfig, type ExchangeConfig } from '../src/config';
import type { ExchangeDeps } from '../src/deps';
import { startExchangeService } from '../src/service';
import { newMember, type Harness, type Member } from './support/harness';
import { listingsOf, proposed, setStatus, ship, subscribe } from './support/fixtures';

/**
 * The rating window of a real completed trade, on a clock the test moves: the proposal offers to
 * rate until 14 days after completion; then a lone rating is shown (and counted by the reveal
 * sweep), and the other party is neither offered nor allowed to rate.
 */
const DAY = 24 * 3600_000;
let shift = 0;
const now = () => new Date(Date.now() + shift);

let sut: ServiceUnderTest<ExchangeConfig, RunningService<ExchangeConfig, ExchangeDeps>>;
let h: Harness;
beforeAll(async () => {
  sut = await startServiceUnderTest({
    name: 'exchange',
    loadConfig: loadExchangeConfig,
    start: (config, defaults) => startExchangeService(config, { ...defaults, now }),
    // The sweeps' own timers are left asleep: the test runs the reveal when it has moved time.
    env: { RATING_SWEEP_MS: String(3600_000), PROPOSAL_SWEEP_MS: String(3600_000) },
  });
  const tap = await sut.tap([Topics.proposal], 20_000);
  h = { api: sut.api, config: sut.config, url: sut.url, service: sut.service, tap, stop: sut.stop };
});
afterAll(async () => {
  await sut?.stop();
});

async function completedTrade(sender: Member, receiver: Member): Promise<string> {
  await subscribe(h, receiver);
  const [theirs] = await listingsOf(h, receiver, 1);
  const [mine] = await listingsOf(h, sender, 1);
  const p = await proposed(h, sender, receiver, { requested: [theirs!], offered: [mine!] });
  expect((await setStatus(h, receiver, p.proposal_id, 'accepted')).status).toBe(200);
  expect((await ship(h, sender, p.proposal_id, 'sender', 'shipped')).status).toBe(200);
  expect((await ship(h, receiver, p.proposal_id, 'receiver', 'shipped')).status).toBe(200);
  expect((await ship(h, receiver, p.proposal_id, 'sender', 'delivered')).status).toBe(200);
  const done = await ship(h, sender, p.proposal_id, 'receiver', 'delivered');
  expect(done.body.data?.status).toBe('completed');
  return p.proposal_id as string;
}

const view = async (id: string, m: Member) =>
  (await h.api.get(`/api/exchange/proposal/${id}`, m.token)).body.data;

describe('the rating window of a completed trade', () => {
  it('shows a lone rating 14 days after completion, and offers and takes no rating after', async () => {
    const [alice, bob] = [newMember(), newMember()];
    const id = await completedTrade(alice, bob);
    expect((await view(id, bob)).allowed_actions).toContain('rate');
    const mine = await h.api.post(
      '/api/rating',
      { proposal_id: id, rater_id: alice.id, rated_user_id: bob.id, rating_value: 4.5 },
      alice.token,
    );
    expect(mine.status).toBe(201);
    const completedAt = Date.parse((await view(id, alice)).completed_at as string);
    expect(Date.parse(mine.body.data.visible_at)).toBe(completedAt + 14 * DAY);

    shift = 13 * DAY;
    expect((await view(id, bob)).allowed_actions).toContain('rate');
    expect((await h.api.get(`/api/rating/proposal/${id}`, bob.token)).body.data.ratings).toEqual(
      [],
    );

    shift = 14 * DAY + 60_000;
    expect((await view(id, bob)).allowed_actions).not.toContain('rate');
    expect((await view(id, bob)).rated_by_me).toBe(false);
    const shown = (await h.api.get(`/api/rating/proposal/${id}`, bob.token)).body.data.ratings;
    expect(shown.map((r: { rater_id: string; shown: boolean }) => [r.rater_id, r.shown])).toEqual([
      [alice.id, true],
    ]);
    expect((await h.api.get(`/api/rating/user/${bob.id}`)).body.data.count).toBe(0);
    await h.service.deps.ratings.revealDue();
    expect((await h.api.get(`/api/rating/user/${bob.id}`)).body.data).toMatchObject({
      count: 1,
      average_rating: 4.5,
    });

    const late = await h.api.post(
      '/api/rating',
      { proposal_id: id, rater_id: bob.id, rated_user_id: alice.id, rating_value: 1 },
      bob.token,
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^The time to rate this exchange ended on /);
  });
});
