import { Topics } from '@swapbooth/contracts';
import { EventTap, eventually, type Loose } from '@swapbooth/test-kit';
import { newMember, startExchange, type Harness, type Member } from './support/harness';
import { listingsOf, setListingStatus, ship, type TestListing } from './support/fixtures';
import { settleCircle } from '../src/circles/domain/circle-life';

let h: Harness;
/** Reads the circle topic (the harness's tap reads proposals). */
let circlesTap: EventTap;
beforeAll(async () => {
  h = await startExchange({
    CIRCLE_MATCH_DEBOUNCE_MS: '200',
    CIRCLE_MATCH_EVERY_MS: '1000',
    CIRCLE_SWEEP_MS: '300',
  });
  circlesTap = new EventTap(h.config.KAFKA_BROKERS, h.config.KAFKA_TOPIC_PREFIX, [Topics.circle]);
  await circlesTap.start();
});
afterAll(async () => {
  await circlesTap?.stop();
  await h?.stop();
});

const putWants = (m: Member, l: TestListing, wants: string[]) =>
  h.api.put(`/api/circles/wants/${l.id}`, { wants }, m.token);
const circlesOf = async (m: Member): Promise<Loose[]> => {
  const res = await h.api.get('/api/circles', m.token);
  expect(res.status).toBe(200);
  return res.body.data.circles as Loose[];
};
const answer = (m: Member, id: string, status: 'accepted' | 'declined') =>
  h.api.put(`/api/circles/${id}/status`, { status }, m.token);
const holderOf = async (l: TestListing) =>
  (await h.service.deps.reservations.find(l.id))?.proposalId;

/** Three members whose want lists close a cycle: a's owner wants b, b's wants c, c's wants a. */
async function threeWayCycle() {
  const [ma, mb, mc] = [newMember(), newMember(), newMember()];
  const [a] = await listingsOf(h, ma, 1);
  const [b] = await listingsOf(h, mb, 1);
  const [c] = await listingsOf(h, mc, 1);
  expect((await putWants(ma, a!, [b!.id])).status).toBe(200);
  expect((await putWants(mb, b!, [c!.id])).status).toBe(200);
  expect((await putWants(mc, c!, [a!.id])).status).toBe(200);
  return { members: [ma, mb, mc] as const, listings: [a!, b!, c!] as const };
}

/** Waits until each member sees exactly one proposed circle; returns its id. */
async function proposedCircle(members: readonly Member[]): Promise<string> {
  const ids = await eventually(async () => {
    const seen = await Promise.all(members.map(circlesOf));
    return seen.every((cs) => cs.length === 1 && cs[0]!.status === 'proposed')
      ? seen.map((cs) => cs[0]!.circle_id as string)
      : undefined;
  }, 30_000);
  expect(new Set(ids).size).toBe(1);
  return ids[0]!;
}

describe('want lists', () => {
  it('lets only the owner of a known listing set its want list (404 unknown, 403 someone else’s, 401 without a token)', async () => {
    const [owner, other] = [newMember(), newMember()];
    const [mine] = await listingsOf(h, owner, 1);
    const [theirs] = await listingsOf(h, other, 1);

    const unknown = await h.api.put(
      '/api/circles/wants/pnosuchlisting',
      { wants: [] },
      owner.token,
    );
    expect(unknown.status).toBe(404);
    const foreign = await putWants(other, mine!, [theirs!.id]);
    expect(foreign.status).toBe(403);
    const anonymous = await h.api.put(`/api/circles/wants/${mine!.id}`, { wants: [theirs!.id] });
    expect(anonymous.status).toBe(401);
    const removeForeign = await h.api.delete(`/api/circles/wants/${mine!.id}`, other.token);
    expect(removeForeign.status).toBe(403);

    const ok = await putWants(owner, mine!, [theirs!.id]);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      product_id: mine!.id,
      product: { product_id: mine!.id, title: mine!.title, owner_id: owner.id },
      wants: [{ product_id: theirs!.id, title: theirs!.title, owner_id: other.id }],
    });
  });

  it('refuses duplicates, own listings, unknown and unpublished listings and more than 100 wants with a 400 naming them', async () => {
    const [owner, other] = [newMember(), newMember()];
    const [mine, mine2] = await listingsOf(h, owner, 2);
    const [x, y, hidden] = await listingsOf(h, other, 3);
    await setListingStatus(h, hidden!, 'draft');

    const cases: Array<[string[], string, string[]]> = [
      [[x!.id, y!.id, x!.id], 'listed more than once', [x!.id]],
      [[x!.id, mine2!.id], 'your own listings', [mine2!.id]],
      [[mine!.id], 'your own listings', [mine!.id]],
      [[x!.id, 'pmissing1', 'pmissing2'], 'unknown listings', ['pmissing1', 'pmissing2']],
      [[y!.id, hidden!.id], 'not published', [hidden!.id]],
    ];
    for (const [wants, why, named] of cases) {
      const res = await putWants(owner, mine!, wants);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('wants');
      expect(res.body.message).toContain(why);
      for (const id of named) expect(res.body.message).toContain(id);
    }
    const tooMany = await putWants(
      owner,
      mine!,
      Array.from({ length: 101 }, (_, i) => `p${i}`),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('at most 100');
    // Nothing refused was stored.
    const mineNow = await h.api.get('/api/circles/wants', owner.token);
    expect(mineNow.body.data.want_lists).toEqual([]);
  });

  it('shows each member only their own want lists, and forgets a deleted or emptied one', async () => {
    const [a, b] = [newMember(), newMember()];
    const [la1, la2] = await listingsOf(h, a, 2);
    const [lb] = await listingsOf(h, b, 1);
    expect((await putWants(a, la1!, [lb!.id])).status).toBe(200);
    expect((await putWants(a, la2!, [lb!.id])).status).toBe(200);
    expect((await putWants(b, lb!, [la1!.id, la2!.id])).status).toBe(200);

    const ofA = await h.api.get('/api/circles/wants', a.token);
    expect(ofA.body.data.want_lists.map((l: Loose) => l.product_id).sort()).toEqual(
      [la1!.id, la2!.id].sort(),
    );
    const ofB = await h.api.get('/api/circles/wants', b.token);
    expect(ofB.body.data.want_lists).toHaveLength(1);
    expect(ofB.body.data.want_lists[0]).toMatchObject({
      product_id: lb!.id,
      wants: [{ product_id: la1!.id }, { product_id: la2!.id }],
    });
    // A stranger learns nothing of either.
    const stranger = newMember();
    expect((await h.api.get('/api/circles/wants', stranger.token)).body.data.want_lists).toEqual(
      [],
    );

    expect((await h.api.delete(`/api/circles/wants/${la1!.id}`, a.token)).status).toBe(200);
    expect((await putWants(a, la2!, [])).status).toBe(200);
    expect((await h.api.get('/api/circles/wants', a.token)).body.data.want_lists).toEqual([]);
  });
});

describe('live trade circles', () => {
  it('proposes a circle of three to its members, reserving its listings; all accept → three linked accepted exchanges', async () => {
    const { members, listings } = await threeWayCycle();
    const [ma, mb, mc] = members;
    const [a, b, c] = listings;
    const id = await proposedCircle(members);

    // Each member sees what they give, what they receive and the size; nothing about the others.
    const viewA = (await h.api.get(`/api/circles/${id}`, ma.token)).body.data;
    expect(viewA).toMatchObject({
      circle_id: id,
      status: 'proposed',
      size: 3,
      gives: { product_id: a.id },
      receives: { product_id: b.id },
      my_answer: 'pending',
      accepted_count: 0,
      allowed_actions: ['accept', 'decline'],
      exchanges: null,
      dissolved_reason: null,
    });
    expect(JSON.stringify(viewA)).not.toContain(mc.id);
    expect(JSON.stringify(viewA)).not.toContain(c.id);
    const proposed = await circlesTap.waitFor('circle.proposed', (d) => d.circleId === id);
    expect(proposed.data.memberIds.sort()).toEqual([ma.id, mb.id, mc.id].sort());
    expect(proposed.data.size).toBe(3);
    // The listings are held for the circle while it waits.
    for (const l of listings) expect(await holderOf(l)).toBe(`circle:${id}`);

    expect((await answer(ma, id, 'accepted')).body.data).toMatchObject({
      my_answer: 'accepted',
      accepted_count: 1,
      allowed_actions: [],
    });
    expect((await answer(mb, id, 'accepted')).status).toBe(200);
    const last = await answer(mc, id, 'accepted');
    expect(last.status).toBe(200);
    expect(last.body.data).toMatchObject({ status: 'accepted', accepted_count: 3 });
    const accepted = await circlesTap.waitFor('circle.accepted', (d) => d.circleId === id);
    expect(accepted.data.exchanges).toHaveLength(3);

    // One accepted exchange per edge: the giver is the receiver, the taker the sender.
    const give = async (m: Member, l: TestListing, taker: Member) => {
      const circle = (await h.api.get(`/api/circles/${id}`, m.token)).body.data;
      const pid = circle.exchanges.gives_proposal_id as string;
      const p = (await h.api.get(`/api/exchange/proposal/${pid}`, m.token)).body.data;
      expect(p).toMatchObject({
        status: 'accepted',
        circle_id: id,
        receiver_id: m.id,
        sender_id: taker.id,
        requested_products: [{ product_id: l.id }],
        offered_products: [],
      });
      expect(await holderOf(l)).toBe(pid);
      const ev = await h.tap.waitFor('proposal.accepted', (d) => d.proposalId === pid);
      expect(ev.data.circleId).toBe(id);
      return pid;
    };
    const pa = await give(ma, a, mc);
    const pb = await give(mb, b, ma);
    await give(mc, c, mb);
    // What A gives is what C receives.
    const viewC = (await h.api.get(`/api/circles/${id}`, mc.token)).body.data;
    expect(viewC.exchanges.receives_proposal_id).toBe(pa);
    expect(viewC.exchanges.gives_proposal_id).not.toBe(pb);

    // Only the giver ships; the taker confirms; that completes the edge, and both may rate.
    const giverView = (await h.api.get(`/api/exchange/proposal/${pa}`, ma.token)).body.data;
    expect(giverView.allowed_actions).toEqual(expect.arrayContaining(['ship']));
    expect(giverView.allowed_actions).not.toContain('confirm_delivery');
    expect((await ship(h, mc, pa, 'sender', 'shipped')).status).toBe(409);
    expect((await ship(h, ma, pa, 'receiver', 'shipped')).status).toBe(200);
    const done = await ship(h, mc, pa, 'receiver', 'delivered');
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('completed');
    expect(done.body.data.allowed_actions).toEqual(['rate']);
    const giverDone = (await h.api.get(`/api/exchange/proposal/${pa}`, ma.token)).body.data;
    expect(giverDone.allowed_actions).toEqual(['rate']);
  });

  it('keeps a dispute on one edge of a circle to that edge; the other members see only that a problem is being handled', async () => {
    const { members } = await threeWayCycle();
    const [ma, mb, mc] = members;
    const id = await proposedCircle(members);
    for (const m of members) expect((await answer(m, id, 'accepted')).status).toBe(200);
    await circlesTap.waitFor('circle.accepted', (d) => d.circleId === id);
    const exchangesOf = async (m: Member) =>
      (await eventually(async () => {
        const v = (await h.api.get(`/api/circles/${id}`, m.token)).body.data;
        return v.exchanges ? v : undefined;
      }, 20_000)) as Loose;
    // A receives from B: A reports a problem on that edge only.
    const edge = (await exchangesOf(ma)).exchanges.receives_proposal_id as string;
    const opened = await h.api.post(
      `/api/exchange/proposal/${edge}/dispute`,
      { reason: 'damaged', description: 'It arrived broken' },
      ma.token,
    );
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({
      opened_by: ma.id,
      respondent_id: mb.id,
      circle_id: id,
    });
    const ev = await h.tap.waitFor('dispute.opened', (d) => d.proposalId === edge);
    expect(ev.data).toMatchObject({ circleId: id, circleMemberIds: [mc.id] });

    const viewC = await exchangesOf(mc);
    expect(viewC.problem_reported).toBe(true);
    expect(JSON.stringify(viewC)).not.toContain('broken');
    const others = [viewC.exchanges.gives_proposal_id, viewC.exchanges.receives_proposal_id];
    for (const pid of others) {
      expect((await h.api.get(`/api/exchange/proposal/${pid}`, mc.token)).body.data.status).toBe(
        'accepted',
      );
    }
    expect((await h.api.get(`/api/exchange/proposal/${edge}/dispute`, mc.token)).status).toBe(403);
  });

  it('settles an accepted circle once when two settlements meet (the last answer and the sweep): the second finds each exchange already stored', async () => {
    const { members } = await threeWayCycle();
    const id = await proposedCircle(members);
    for (const m of members) expect((await answer(m, id, 'accepted')).status).toBe(200);
    const deps = h.service.deps.circles;
    const settled = (await deps.circles.findById(id))!;
    expect(settled.settled).toBe(true);
    // As the other settlement sees it: accepted, not yet settled, and (read a moment before the
    // first one stored them) none of its exchanges there yet.
    expect(await deps.circles.replace({ ...settled, settled: false }, settled.version, [])).toBe(
      true,
    );
    const proposals = Object.assign(Object.create(deps.proposals) as typeof deps.proposals, {
      findById: async () => undefined,
    });
    const late = { ...deps, proposals };
    const again = await settleCircle(late, id);
    expect(again.settled).toBe(true);
    // Still one accepted exchange per edge, each announced once.
    for (const e of again.exchanges!) {
      expect((await deps.proposals.findById(e.proposalId))?.status).toBe('accepted');
      expect(await holderOf({ id: e.productId } as TestListing)).toBe(e.proposalId);
    }
    const ids = new Set(again.exchanges!.map((e) => e.proposalId));
    await eventually(
      () =>
        h.tap.seen.filter(
          (ev) =>
            ev.type === 'proposal.accepted' &&
            ids.has((ev.data as { proposalId: string }).proposalId),
        ).length === 3,
      20_000,
    );
  });

  it('dissolves a circle when one member declines: reservations released, the declined edge not proposed again at once', async () => {
    const { members, listings } = await threeWayCycle();
    const [ma, mb] = members;
    const id = await proposedCircle(members);
    expect((await answer(ma, id, 'accepted')).status).toBe(200);
    const declined = await answer(mb, id, 'declined');
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({
      status: 'dissolved',
      dissolved_reason: 'declined',
      my_answer: 'declined',
      allowed_actions: [],
    });
    const told = await circlesTap.waitFor('circle.dissolved', (d) => d.circleId === id);
    expect(told.data).toMatchObject({ reason: 'declined', actorId: mb.id, size: 3 });
    for (const l of listings) expect(await holderOf(l)).toBeUndefined();
    // A late answer is refused.
    expect((await answer(members[2], id, 'accepted')).status).toBe(409);

    // The matcher looks again (twice more, after the release) and proposes nothing to them.
    const matcher = h.service.deps.circles.matcher;
    const ranBefore = matcher.matched;
    await eventually(() => matcher.matched >= ranBefore + 2, 20_000);
    for (const m of members) {
      const cs = await circlesOf(m);
      expect(cs.map((c) => [c.circle_id, c.status])).toEqual([[id, 'dissolved']]);
    }
  });

  it('dissolves a pending circle whose listing is unpublished (unavailable) and frees the others', async () => {
    const { members, listings } = await threeWayCycle();
    const id = await proposedCircle(members);
    await setListingStatus(h, listings[1], 'draft');
    const told = await circlesTap.waitFor('circle.dissolved', (d) => d.circleId === id);
    expect(told.data.reason).toBe('unavailable');
    const view = (await h.api.get(`/api/circles/${id}`, members[0].token)).body.data;
    expect(view).toMatchObject({ status: 'dissolved', dissolved_reason: 'unavailable' });
    // Released right after the dissolving is stored.
    await eventually(
      async () =>
        (await holderOf(listings[0])) === undefined && (await holderOf(listings[2])) === undefined,
      10_000,
    );
  });

  it('shows a circle only to its members: anyone else gets 404 and an empty list', async () => {
    const { members } = await threeWayCycle();
    const id = await proposedCircle(members);
    const outsider = newMember();
    const read = await h.api.get(`/api/circles/${id}`, outsider.token);
    expect(read.status).toBe(404);
    const unknown = await h.api.get('/api/circles/no-such-circle', outsider.token);
    expect(read.body).toEqual(unknown.body);
    expect((await answer(outsider, id, 'accepted')).status).toBe(404);
    expect(await circlesOf(outsider)).toEqual([]);
    expect(circlesTap.all('circle.proposed', (d) => d.memberIds.includes(outsider.id))).toEqual([]);
  });
});
