import { eventually, type Loose } from '@swapbooth/test-kit';
import { newMember, startExchange, type Harness, type Member } from './support/harness';
import { counter, listingsOf, propose, proposed, setStatus, subscribe } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startExchange({
    CIRCLE_MATCH_DEBOUNCE_MS: '100',
    CIRCLE_MATCH_EVERY_MS: '300',
    CIRCLE_MATCHER_LEASE_MS: '5000',
  });
});
afterAll(async () => {
  await h?.stop();
});

const versions = new Map<string, number>();

/** Auth's word that `blocker` blocks (or no longer blocks) `blocked`; resolves once exchange knows. */
async function setBlock(blocker: Member, blocked: Member, active: boolean): Promise<void> {
  const pair = `${blocker.id}:${blocked.id}`;
  const version = (versions.get(pair) ?? 0) + 1;
  versions.set(pair, version);
  const data = { blockerId: blocker.id, blockedId: blocked.id, version };
  await h.tap.publish(active ? 'member.blocked' : 'member.unblocked', blocker.id, data);
  await eventually(
    async () =>
      (await h.service.deps.memberBlocks.blockedEitherWay(blocker.id, blocked.id)) === active,
    20_000,
  );
}

const get = async (id: string, m: Member): Promise<Loose> =>
  (await h.api.get(`/api/exchange/proposal/${id}`, m.token)).body.data;

const REFUSAL = 'You cannot send a proposal to this member';

describe('a block between two members', () => {
  it('refuses proposals in both directions with the same neutral words, until unblocked', async () => {
    const [alice, bob] = [newMember(), newMember()];
    const [aliceBook] = await listingsOf(h, alice, 1);
    const [bobLamp] = await listingsOf(h, bob, 1);
    await setBlock(alice, bob, true);

    const fromBlocked = await propose(h, bob, alice, {
      requested: [aliceBook!],
      offered: [bobLamp!],
    });
    expect(fromBlocked.status).toBe(403);
    expect(fromBlocked.body.message).toBe(REFUSAL);
    const fromBlocker = await propose(h, alice, bob, {
      requested: [bobLamp!],
      offered: [aliceBook!],
    });
    expect(fromBlocker.status).toBe(403);
    expect(fromBlocker.body.message).toBe(REFUSAL);

    await setBlock(alice, bob, false);
    const after = await propose(h, bob, alice, { requested: [aliceBook!], offered: [bobLamp!] });
    expect(after.status).toBe(201);
  });

  it('cancels the open proposals between them once, and leaves others and finished ones alone', async () => {
    const [alice, bob, carol] = [newMember(), newMember(), newMember()];
    await subscribe(h, alice);
    await subscribe(h, bob);
    const [aliceBook, aliceMug] = await listingsOf(h, alice, 2);
    const [bobLamp, bobChair, bobDesk] = await listingsOf(h, bob, 3);
    const [carolPen] = await listingsOf(h, carol, 1);

    const pending = await proposed(h, bob, alice, { requested: [aliceBook!], offered: [bobLamp!] });
    const countered = await proposed(h, alice, bob, {
      requested: [bobChair!],
      offered: [aliceMug!],
    });
    expect(
      (
        await counter(h, bob, countered.proposal_id as string, {
          requestedProductIds: [bobChair!.id],
          offeredProductIds: [aliceMug!.id],
          depositAmount: 3,
        })
      ).status,
    ).toBe(200);
    const rejected = await proposed(h, bob, alice, {
      requested: [aliceBook!],
      offered: [bobDesk!],
    });
    expect((await setStatus(h, alice, rejected.proposal_id as string, 'rejected')).status).toBe(
      200,
    );
    const elsewhere = await proposed(h, bob, carol, {
      requested: [carolPen!],
      offered: [bobDesk!],
    });

    await setBlock(alice, bob, true);
    for (const p of [pending, countered]) {
      const id = p.proposal_id as string;
      await h.tap.waitFor('proposal.cancelled', (d) => d.proposalId === id, 20_000);
      expect((await get(id, bob)).status).toBe('cancelled');
    }
    const cancelled = await h.tap.waitFor(
      'proposal.cancelled',
      (d) => d.proposalId === pending.proposal_id,
    );
    expect(cancelled.data).toMatchObject({ actorId: alice.id, previousStatus: 'pending' });

    // The same block heard again changes nothing: each proposal was cancelled once.
    await h.tap.publish('member.blocked', alice.id, {
      blockerId: alice.id,
      blockedId: bob.id,
      version: versions.get(`${alice.id}:${bob.id}`)!,
    });
    await h.tap.publish('member.blocked', alice.id, {
      blockerId: alice.id,
      blockedId: bob.id,
      version: versions.get(`${alice.id}:${bob.id}`)!,
    });
    // A later block by the same member (same topic and key, so handled after the repeats).
    await setBlock(alice, newMember(), true);
    for (const p of [pending, countered]) {
      const cancels = h.tap.seen.filter(
        (e) =>
          e.type === 'proposal.cancelled' &&
          (e.data as { proposalId: string }).proposalId === p.proposal_id,
      );
      expect(cancels).toHaveLength(1);
    }
    expect((await get(rejected.proposal_id as string, bob)).status).toBe('rejected');
    expect((await get(elsewhere.proposal_id as string, bob)).status).toBe('pending');
  });

  it('refuses to accept or counter a proposal that the block has not ended yet', async () => {
    const [alice, bob] = [newMember(), newMember()];
    await subscribe(h, alice);
    const [aliceBook] = await listingsOf(h, alice, 1);
    const [bobLamp] = await listingsOf(h, bob, 1);
    const p = await proposed(h, bob, alice, { requested: [aliceBook!], offered: [bobLamp!] });
    // Projected without the handler's clean-up, as if the cancellation were still on its way.
    await h.service.deps.memberBlocks.apply({
      blockerId: bob.id,
      blockedId: alice.id,
      active: true,
      version: 1,
    });
    const id = p.proposal_id as string;
    const accepted = await setStatus(h, alice, id, 'accepted');
    expect(accepted.status).toBe(403);
    expect(accepted.body.message).toBe(REFUSAL);
    const countered = await counter(h, alice, id, {
      requestedProductIds: [aliceBook!.id],
      offeredProductIds: [bobLamp!.id],
      depositAmount: 1,
    });
    expect(countered.status).toBe(403);
    expect(countered.body.message).toBe(REFUSAL);
  });
});

describe('circles and blocks', () => {
  const circlesOf = async (m: Member): Promise<Loose[]> =>
    (await h.api.get('/api/circles', m.token)).body.data.circles as Loose[];

  it('never puts two members who block each other in one circle, and matches them once unblocked', async () => {
    const ms = [newMember(), newMember(), newMember()];
    const ls = [];
    for (const m of ms) ls.push((await listingsOf(h, m, 1))[0]!);
    // The first and the third member are not next to each other's wants, but share the loop.
    await setBlock(ms[2]!, ms[0]!, true);
    for (let i = 0; i < 3; i++) {
      const res = await h.api.put(
        `/api/circles/wants/${ls[i]!.id}`,
        { wants: [ls[(i + 1) % 3]!.id] },
        ms[i]!.token,
      );
      expect(res.status).toBe(200);
    }
    const matcher = h.service.deps.circles.matcher;
    const runs = matcher.matched;
    await eventually(() => matcher.matched > runs + 2, 20_000);
    for (const m of ms) expect(await circlesOf(m)).toEqual([]);

    await setBlock(ms[2]!, ms[0]!, false);
    await eventually(
      async () => (await Promise.all(ms.map(circlesOf))).every((cs) => cs.length === 1),
      20_000,
    );
  });

  it('dissolves a pending circle with two members who come to block each other', async () => {
    const ms = [newMember(), newMember(), newMember()];
    const ls = [];
    for (const m of ms) ls.push((await listingsOf(h, m, 1))[0]!);
    for (let i = 0; i < 3; i++) {
      const res = await h.api.put(
        `/api/circles/wants/${ls[i]!.id}`,
        { wants: [ls[(i + 1) % 3]!.id] },
        ms[i]!.token,
      );
      expect(res.status).toBe(200);
    }
    const [circle] = await eventually(async () => {
      const cs = await circlesOf(ms[1]!);
      return cs.length === 1 ? cs : undefined;
    }, 20_000);
    expect(circle!.status).toBe('proposed');

    await setBlock(ms[0]!, ms[2]!, true);
    await eventually(async () => {
      const cs = await circlesOf(ms[1]!);
      return cs.length === 1 && cs[0]!.status === 'dissolved';
    }, 20_000);
  });
});
