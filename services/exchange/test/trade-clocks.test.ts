import { Topics, type EventType } from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import type { Logger } from '@swapbooth/service-kit';
import { eventually, startServiceUnderTest, type ServiceUnderTest } from '@swapbooth/test-kit';
import { loadExchangeConfig, type ExchangeConfig } from '../src/config';
import type { ExchangeDeps } from '../src/deps';
import { startExchangeService } from '../src/service';
import { dueClocks } from '../src/proposals/domain/sweep-proposals';
import { sweepDue } from '../src/shared/domain/due-work';
import type { ProposalRepository } from '../src/proposals/domain/proposal-ports';
import { newMember, type Harness, type Member } from './support/harness';
import { listingsOf, proposed, setStatus, ship, subscribe } from './support/fixtures';

/**
 * The clocks of accepted exchanges, driven by a clock the test moves: nothing waits in real time.
 * The sweeper's own timer is left asleep (an hour); each test runs the sweep when it has moved time.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;
let shift = 0;
const now = () => new Date(Date.now() + shift);
const advance = (ms: number) => {
  shift += ms;
};

type Exchange = RunningService<ExchangeConfig, ExchangeDeps>;
let sut: ServiceUnderTest<ExchangeConfig, Exchange>;
let h: Harness;

beforeAll(async () => {
  sut = await startServiceUnderTest({
    name: 'exchange',
    loadConfig: loadExchangeConfig,
    start: (config, defaults) => startExchangeService(config, { ...defaults, now }),
    env: { PROPOSAL_SWEEP_MS: String(HOUR) },
  });
  const tap = await sut.tap([Topics.proposal], 20_000);
  h = { api: sut.api, config: sut.config, url: sut.url, service: sut.service, tap, stop: sut.stop };
});
afterAll(async () => {
  await sut?.stop();
});

const sweep = () => h.service.deps.sweepDueWork();
const get = async (id: string, m: Member) =>
  (await h.api.get(`/api/exchange/proposal/${id}`, m.token)).body.data;
const confirm = (id: string, m: Member) =>
  h.api.post(`/api/exchange/proposal/${id}/confirm`, {}, m.token);
const extend = (id: string, m: Member, body: Record<string, unknown> = {}) =>
  h.api.post(`/api/exchange/proposal/${id}/extend`, body, m.token);
const count = (type: EventType, id: string) =>
  h.tap.all(type, (d) => (d as { proposalId: string }).proposalId === id).length;
const waitFor = (type: EventType, id: string) =>
  h.tap.waitFor(type, (d) => (d as { proposalId: string }).proposalId === id);

/** An exchange accepted at the test's present time: `s` sent it, `r` accepted it. */
async function acceptedExchange(): Promise<{ s: Member; r: Member; id: string; give: string }> {
  const [s, r] = [newMember(), newMember()];
  await subscribe(h, r);
  const [want] = await listingsOf(h, r, 1);
  const [give] = await listingsOf(h, s, 1);
  const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
  expect((await setStatus(h, r, p.proposal_id, 'accepted')).status).toBe(200);
  return { s, r, id: p.proposal_id, give: give!.id };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('shipping deadlines', () => {
  it('reminds the late shipper once at half-time; at the deadline the other party may extend once, then cancel', async () => {
    const { s, r, id, give } = await acceptedExchange();
    const accepted = await get(id, r);
    const t0 = Date.parse(accepted.accepted_at);
    expect(accepted.deadlines.sender.ship_by).toBe(iso(t0 + 5 * DAY));
    expect(accepted.next_deadline).toBe(iso(t0 + 2.5 * DAY));
    expect((await ship(h, r, id, 'receiver', 'shipped')).status).toBe(200);

    advance(2.5 * DAY);
    await sweep();
    await sweep();
    const reminder = await waitFor('proposal.ship-reminder', id);
    expect(reminder.data).toMatchObject({ side: 'sender', dueAt: iso(t0 + 5 * DAY) });
    expect(await get(id, r)).toMatchObject({
      allowed_actions: expect.not.arrayContaining(['cancel']),
    });

    advance(2.5 * DAY);
    await sweep();
    await waitFor('proposal.ship-overdue', id);
    expect(count('proposal.ship-reminder', id)).toBe(1);
    const late = await get(id, r);
    expect(late.allowed_actions).toEqual(expect.arrayContaining(['cancel', 'extend']));
    expect((await extend(id, s)).status).toBe(409);

    const extended = await extend(id, r, { type: 'sender' });
    expect(extended.status).toBe(200);
    const t1 = Date.parse(extended.body.data.updated_at);
    expect(extended.body.data.deadlines.sender).toMatchObject({
      ship_by: iso(t1 + 5 * DAY),
      extended: true,
    });
    expect((await extend(id, r)).status).toBe(409);
    await waitFor('proposal.ship-extended', id);

    advance(5 * DAY);
    await sweep();
    await eventually(() => count('proposal.ship-overdue', id) === 2);
    expect((await get(id, r)).allowed_actions).not.toContain('extend');
    const cancelled = await setStatus(h, r, id, 'cancelled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    const event = await waitFor('proposal.cancelled', id);
    expect(event.data).toMatchObject({ reason: 'ship-overdue', previousStatus: 'accepted' });
    await eventually(async () => (await h.service.deps.reservations.find(give)) === undefined);
    expect(count('proposal.ship-reminder', id)).toBe(1);
  });
});

describe('delivery and completion', () => {
  it('counts shipped parcels delivered after 14 days and completes 2 days later by itself', async () => {
    const { s, r, id } = await acceptedExchange();
    await ship(h, s, id, 'sender', 'shipped');
    await ship(h, r, id, 'receiver', 'shipped');
    const shipped = await get(id, s);
    const t0 = Date.parse(shipped.updated_at);
    expect(shipped.deadlines.receiver.counts_delivered_at).toBe(iso(t0 + 14 * DAY));

    advance(14 * DAY + HOUR);
    await sweep();
    await waitFor('proposal.report-window-opened', id);
    expect(count('proposal.delivery-assumed', id)).toBe(2);
    const waiting = await get(id, s);
    expect(waiting.status).toBe('accepted');
    expect(waiting.shipping.sender.status).toBe('delivered');
    expect(waiting.auto_complete_at).not.toBeNull();
    expect(waiting.next_deadline).toBe(waiting.auto_complete_at);
    expect(waiting.allowed_actions).toContain('confirm');

    advance(2 * DAY);
    await sweep();
    const done = await waitFor('proposal.completed', id);
    expect(done.data).toMatchObject({ automatic: true, status: 'completed' });
    expect(await get(id, r)).toMatchObject({ status: 'completed', next_deadline: null });
    await sweep();
    expect(count('proposal.completed', id)).toBe(1);
    expect(count('proposal.report-window-opened', id)).toBe(1);
  });

  it('completes at once when every receiver says "Everything is OK"', async () => {
    const { s, r, id } = await acceptedExchange();
    expect((await confirm(id, s)).status).toBe(409);
    await ship(h, s, id, 'sender', 'shipped');
    await ship(h, r, id, 'receiver', 'shipped');
    const first = await confirm(id, r);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'accepted' });
    expect(first.body.data.deadlines.sender.confirmed).toBe(true);
    const second = await confirm(id, s);
    expect(second.body.data.status).toBe('completed');
    const done = await waitFor('proposal.completed', id);
    expect(done.data).not.toHaveProperty('automatic');
    expect((await confirm(id, newMember())).status).toBe(403);
  });
});

/** Exchanges whose parcels both shipped long ago: each sweep finds them due. */
async function dueExchanges(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { s, r, id } = await acceptedExchange();
    await ship(h, s, id, 'sender', 'shipped');
    await ship(h, r, id, 'receiver', 'shipped');
    ids.push(id);
  }
  advance(15 * DAY);
  return ids;
}

const expectEachOnce = async (ids: string[]) => {
  for (const id of ids) await waitFor('proposal.report-window-opened', id);
  for (const id of ids) {
    expect(count('proposal.delivery-assumed', id)).toBe(2);
    expect(count('proposal.report-window-opened', id)).toBe(1);
  }
  const stillDue = (await h.service.deps.proposals.dueForClocks(now(), 1000)).map((p) => p.id);
  for (const id of ids) expect(stillDue).not.toContain(id);
};

describe('the sweep', () => {
  it('on two replicas at once settles each due exchange exactly once', async () => {
    const ids = await dueExchanges(6);
    const replica = await sut.startReplica();
    await Promise.all([sweep(), replica.deps.sweepDueWork(), sweep()]);
    await expectEachOnce(ids);
  });

  it('stopped mid-batch resumes where it stopped without telling anyone twice', async () => {
    const ids = await dueExchanges(4);
    const real = h.service.deps.proposals;
    // The process dies in the batch's write: three are stored but not answered, the fourth and
    // everything after never happen.
    let stopped = false;
    const dying: ProposalRepository = Object.create(real);
    dying.replaceAll = async (batch) => {
      if (stopped) throw new Error('stopped');
      stopped = true;
      await real.replaceAll(batch.slice(0, 3));
      throw new Error('stopped after part of the write');
    };
    dying.replace = () => Promise.reject(new Error('stopped'));
    const logger = { warn: () => undefined } as unknown as Logger;
    await sweepDue([dueClocks({ proposals: dying, clock: h.service.deps.clock })], {
      now,
      logger,
    });
    expect(stopped).toBe(true);
    await sweep();
    await expectEachOnce(ids);
  });

  it('whose batch write failed settles one by one, and resumes a stop there without telling anyone twice', async () => {
    const ids = await dueExchanges(4);
    const real = h.service.deps.proposals;
    // The batch write fails before storing anything; settled one by one, the process dies after
    // its second write: the third is stored but not answered, the rest never happen.
    let writes = 0;
    const dying: ProposalRepository = Object.create(real);
    dying.replaceAll = () => Promise.reject(new Error('connection lost'));
    dying.replace = async (p, v, events) => {
      writes++;
      if (writes > 3) throw new Error('stopped');
      const stored = await real.replace(p, v, events);
      if (writes === 3) throw new Error('stopped after the write');
      return stored;
    };
    const logger = { warn: () => undefined } as unknown as Logger;
    await sweepDue([dueClocks({ proposals: dying, clock: h.service.deps.clock })], {
      now,
      logger,
    });
    expect(writes).toBeGreaterThan(3);
    await sweep();
    await expectEachOnce(ids);
  });
});
