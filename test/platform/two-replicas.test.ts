import { randomBytes } from 'node:crypto';
import { eventually, signTestToken, type Loose, type Reply } from '@swapbooth/test-kit';
import { startReplicaStack, type ReplicaStack } from './replica-stack';

/**
 * Two replicas of catalog and of exchange behind one gateway that takes them in turn, on the
 * local MongoDB-protocol server with ordinary connection pools: what the members see stays as
 * with one replica. Everything goes through the gateway's API and the event topics, never a
 * service's collections; only which replica's circle jobs ran is read from the instances.
 */
let s: ReplicaStack;
beforeAll(async () => {
  s = await startReplicaStack({
    CIRCLE_MATCH_DEBOUNCE_MS: '100',
    CIRCLE_MATCH_EVERY_MS: '300',
    CIRCLE_MATCH_CHECK_MS: '200',
    CIRCLE_MATCHER_LEASE_MS: '5000',
    CIRCLE_SWEEP_MS: '300',
    PROPOSAL_SWEEP_MS: '300',
  });
}, 240_000);
afterAll(async () => {
  await s?.stop();
});

interface Member {
  id: string;
  token: string;
}
const newMember = (): Member => {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id) };
};

/** A published listing created through the gateway (either catalog replica); its id and title. */
async function listing(m: Member): Promise<{ id: string; title: string }> {
  const title = `Lamp ${randomBytes(3).toString('hex')}`;
  const res = await s.api.post(
    '/api/product',
    {
      title,
      description: 'Works well, a few scratches.',
      category: 'Electronics',
      subCategory: 'Phones',
      condition: 'good',
      type: 'item',
      tags: ['Retro'],
    },
    m.token,
  );
  if (res.status !== 201)
    throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.data.product_id as string, title };
}

const fail = (what: string, res: Reply) =>
  new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);

/**
 * A proposal from `sender` to `receiver`, made once exchange has heard of its listings from
 * catalog's events (until then it is refused).
 */
async function proposed(
  sender: Member,
  receiver: Member,
  requested: string[],
  offered: string[],
): Promise<string> {
  let last: Reply | undefined;
  const created = await eventually(async () => {
    last = await s.api.post(
      '/api/exchange/proposal',
      {
        userId: sender.id,
        receiverId: receiver.id,
        requestedProductIds: requested,
        offeredProductIds: offered,
        message: 'Would you swap?',
      },
      sender.token,
    );
    return last.status === 201 ? (last.body.data.proposal_id as string) : undefined;
  }, 90_000).catch(() => {
    throw fail('propose', last!);
  });
  return created;
}

const setStatus = (m: Member, id: string, status: string) =>
  s.api.put(`/api/exchange/proposal/${id}/status`, { status, userId: m.id }, m.token);
const ship = (m: Member, id: string, type: 'sender' | 'receiver', status: string) =>
  s.api.put(
    `/api/exchange/proposal/${id}/shipping-status`,
    { status, type, userId: m.id },
    m.token,
  );

/**
 * Payment's word that the member subscribed (on the real topic); resolves once exchange shows
 * them the details of a proposal they received, which the subscription unlocks.
 */
async function subscribed(m: Member, probe: string): Promise<void> {
  await s.tap.publish('subscription.changed', m.id, {
    userId: m.id,
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await eventually(async () => {
    const res = await s.api.get(`/api/exchange/proposal/${probe}`, m.token);
    return res.status === 200 && res.body.data.details_locked === false;
  }, 90_000);
}

describe('two replicas of catalog and exchange behind the gateway', () => {
  it('gives 50 concurrent accepts over shared listings, spread over both replicas, exactly one reservation per listing', async () => {
    const receiver = newMember();
    const wanted: { id: string; title: string }[] = [];
    for (let i = 0; i < 5; i++) wanted.push(await listing(receiver));
    const senders = Array.from({ length: 10 }, () => newMember());
    const offered = new Map<string, string>();
    for (const m of senders) offered.set(m.id, (await listing(m)).id);

    // Each sender asks for five different pairs of the receiver's listings: 50 proposals.
    const proposals: { id: string; listings: string[] }[] = [];
    for (const m of senders) {
      for (let i = 0; i < 5; i++) {
        const requested = [wanted[i]!.id, wanted[(i + 1) % 5]!.id];
        const id = await proposed(m, receiver, requested, [offered.get(m.id)!]);
        proposals.push({ id, listings: [...requested, offered.get(m.id)!] });
      }
    }
    await subscribed(receiver, proposals[0]!.id);

    const answers = await Promise.all(proposals.map((p) => setStatus(receiver, p.id, 'accepted')));
    expect(answers.map((a) => a.status).filter((c) => c !== 200 && c !== 409)).toEqual([]);
    const won = proposals.filter((_, i) => answers[i]!.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    // A 5-cycle of pairs holds at most two disjoint ones.
    expect(won.length).toBeLessThanOrEqual(2);

    // No listing in two accepted exchanges, and what is stored agrees with the answers.
    const taken = won.flatMap((p) => p.listings);
    expect(new Set(taken).size).toBe(taken.length);
    const stored = await Promise.all(
      proposals.map(
        async (p) =>
          (await s.api.get(`/api/exchange/proposal/${p.id}`, receiver.token)).body.data
            .status as string,
      ),
    );
    expect(
      proposals
        .filter((_, i) => stored[i] === 'accepted')
        .map((p) => p.id)
        .sort(),
    ).toEqual(won.map((p) => p.id).sort());
    // One proposal.accepted event per winner, none for a loser.
    await eventually(
      () =>
        s.tap.all('proposal.accepted', (d) => proposals.some((p) => p.id === d.proposalId))
          .length >= won.length,
      90_000,
    );
    const acceptedEvents = s.tap.all('proposal.accepted', (d) =>
      proposals.some((p) => p.id === d.proposalId),
    );
    expect(acceptedEvents.map((e) => e.data.proposalId).sort()).toEqual(
      won.map((p) => p.id).sort(),
    );

    // Each listing left is free (a new proposal for it is made, which also shows exchange knows
    // the newcomer's listing), every taken one reserved (a new proposal for it is refused).
    const newcomer = newMember();
    const spare = await listing(newcomer);
    for (const l of wanted.filter((w) => !taken.includes(w.id))) {
      await proposed(newcomer, receiver, [l.id], [spare.id]);
    }
    for (const l of wanted.filter((w) => taken.includes(w.id))) {
      const res = await s.api.post(
        '/api/exchange/proposal',
        {
          userId: newcomer.id,
          receiverId: receiver.id,
          requestedProductIds: [l.id],
          offeredProductIds: [spare.id],
          message: 'late',
        },
        newcomer.token,
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Listing ${l.title} is no longer available`);
    }

    // Every open proposal sharing a listing with an accepted one ends up unavailable.
    const blocked = proposals.filter(
      (p, i) => stored[i] !== 'accepted' && p.listings.some((l) => taken.includes(l)),
    );
    await eventually(async () => {
      const now = await Promise.all(
        blocked.map(
          async (p) =>
            (await s.api.get(`/api/exchange/proposal/${p.id}`, receiver.token)).body.data.status,
        ),
      );
      return now.every((st) => st === 'unavailable');
    }, 90_000);
  }, 420_000);

  it('counts every one of many ratings of a member sent at once to both replicas', async () => {
    const store = newMember();
    const raters = Array.from({ length: 8 }, () => newMember());
    const trades: string[] = [];
    for (const r of raters) {
      const [give, want] = [await listing(r), await listing(store)];
      trades.push(await proposed(r, store, [want.id], [give.id]));
    }
    await subscribed(store, trades[0]!);
    for (const [i, id] of trades.entries()) {
      const r = raters[i]!;
      for (const [res, what] of [
        [await setStatus(store, id, 'accepted'), 'accept'],
        [await ship(r, id, 'sender', 'shipped'), 'sender shipped'],
        [await ship(store, id, 'receiver', 'shipped'), 'receiver shipped'],
        [await ship(store, id, 'sender', 'delivered'), 'sender delivered'],
        [await ship(r, id, 'receiver', 'delivered'), 'receiver delivered'],
      ] as const) {
        if (res.status !== 200) throw fail(what, res);
      }
    }

    const values = raters.map((_, i) => [5, 4, 3, 4.5][i % 4]!);
    const replies = await Promise.all(
      raters.map((r, i) =>
        s.api.post(
          '/api/rating',
          {
            proposal_id: trades[i],
            rater_id: r.id,
            rated_user_id: store.id,
            rating_value: values[i],
            comment: `from ${r.id}`,
          },
          r.token,
        ),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(raters.map(() => 201));
    // Hidden until the store rates back: each answer shows the pair, so the raters' ratings of
    // the store are counted at once, on both replicas.
    expect((await s.api.get(`/api/rating/user/${store.id}`)).body.data.count).toBe(0);
    const back = await Promise.all(
      raters.map((r, i) =>
        s.api.post(
          '/api/rating',
          {
            proposal_id: trades[i],
            rater_id: store.id,
            rated_user_id: r.id,
            rating_value: 5,
            comment: '',
          },
          store.token,
        ),
      ),
    );
    expect(back.map((r) => r.status)).toEqual(raters.map(() => 201));

    const shown = (await s.api.get(`/api/rating/user/${store.id}?limit=50`)).body.data;
    expect(shown.ratings).toHaveLength(raters.length);
    expect(shown.count).toBe(raters.length);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(shown.average_rating).toBe(Math.round(mean * 10) / 10);
    // Each running count from 1 to 8 announced exactly once.
    const counts = await eventually(() => {
      const seen = s.tap.all('rating.created', (d) => d.ratedUserId === store.id);
      return seen.length >= raters.length ? seen.map((e) => e.data.ratingCount) : undefined;
    }, 90_000);
    expect([...counts].sort((a, b) => a - b)).toEqual(raters.map((_, i) => i + 1));
  }, 420_000);

  it('keeps every circle answer given at once on both replicas, and runs the circle jobs only on the lease holder', async () => {
    const cycles = 3;
    const members: Member[][] = [];
    for (let c = 0; c < cycles; c++) {
      const ms = [newMember(), newMember(), newMember()];
      const ls: { id: string }[] = [];
      for (const m of ms) ls.push(await listing(m));
      for (let i = 0; i < 3; i++) {
        // Refused until exchange has heard of both listings.
        await eventually(async () => {
          const res = await s.api.put(
            `/api/circles/wants/${ls[i]!.id}`,
            { wants: [ls[(i + 1) % 3]!.id] },
            ms[i]!.token,
          );
          return res.status === 200;
        }, 90_000);
      }
      members.push(ms);
    }
    const circleOf = async (m: Member): Promise<Loose | undefined> =>
      ((await s.api.get('/api/circles', m.token)).body.data.circles as Loose[])[0];
    const ids = await eventually(async () => {
      const seen = await Promise.all(members.map((ms) => circleOf(ms[0]!)));
      return seen.every((c) => c?.status === 'proposed')
        ? seen.map((c) => c!.circle_id as string)
        : undefined;
    }, 90_000);

    // All nine answers at once, spread over both replicas while the holder's sweep runs.
    const answers = await Promise.all(
      members.flatMap((ms, c) =>
        ms.map((m) => s.api.put(`/api/circles/${ids[c]}/status`, { status: 'accepted' }, m.token)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const [c, ms] of members.entries()) {
      for (const m of ms) {
        const view = (await s.api.get(`/api/circles/${ids[c]}`, m.token)).body.data;
        expect(view).toMatchObject({
          status: 'accepted',
          my_answer: 'accepted',
          accepted_count: 3,
        });
      }
      const accepted = await s.tap.waitFor('circle.accepted', (d) => d.circleId === ids[c]);
      expect(accepted.data.exchanges).toHaveLength(3);
      expect(s.tap.all('circle.accepted', (d) => d.circleId === ids[c])).toHaveLength(1);
    }

    // One replica holds the matcher's lease: it alone matched and swept.
    const [a, b] = s.exchanges.map((e) => e.deps.circles);
    await eventually(
      () => a!.sweeper.ran + b!.sweeper.ran >= 2 && a!.sweeper.passed + b!.sweeper.passed >= 2,
      60_000,
    );
    const [holder, other] = a!.matcher.matched > 0 ? [a!, b!] : [b!, a!];
    expect(holder.matcher.matched).toBeGreaterThan(0);
    expect(other.matcher.matched).toBe(0);
    expect(other.sweeper.ran).toBe(0);
    expect(holder.sweeper.ran).toBeGreaterThan(0);
  }, 420_000);
});
