import { newMember, startExchange, type Harness } from './support/harness';
import { listingsOf, proposed, setStatus, ship, subscribe } from './support/fixtures';
import { eventually } from '@swapbooth/test-kit';

let h: Harness;
let kills = 0;
beforeAll(async () => {
  // The relay "dies" after publishing and before clearing, for the first few batches: they are
  // published again once their lease runs out (1 s here; 10 s by default).
  h = await startExchange(
    {},
    {
      relay: {
        pollIntervalMs: 200,
        leaseMs: 1000,
        afterPublish: () => {
          if (kills < 3) {
            kills++;
            throw new Error('relay killed between publish and clear');
          }
        },
      },
    },
  );
});
afterAll(async () => {
  await h?.stop();
});

describe('events exchange publishes', () => {
  it('publishes each transition once (one event id each), even when the relay dies between publishing and clearing', async () => {
    const [s, r] = [newMember(), newMember()];
    await subscribe(h, r);
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
    const id = p.proposal_id as string;
    await setStatus(h, r, id, 'accepted');
    await ship(h, s, id, 'sender', 'shipped');
    await ship(h, r, id, 'receiver', 'shipped');
    await ship(h, r, id, 'sender', 'delivered');
    await ship(h, s, id, 'receiver', 'delivered');

    const mine = () =>
      h.tap.seen.filter((e) => (e.data as { proposalId?: string }).proposalId === id);
    await h.tap.waitFor('proposal.completed', (d) => d.proposalId === id, 40_000);
    expect(kills).toBeGreaterThan(0);

    // Messages delivered more than once carry the same event id: one id per transition.
    const byId = new Map<string, string>();
    for (const e of mine()) byId.set(e.id, e.type);
    expect([...byId.values()]).toEqual([
      'proposal.created',
      'proposal.accepted',
      'proposal.shipping-updated',
      'proposal.shipping-updated',
      'proposal.shipping-updated',
      'proposal.shipping-updated',
      'proposal.completed',
    ]);
    expect(mine().length).toBeGreaterThan(byId.size);
    // Everything was cleared from the outbox in the end.
    await eventually(async () => {
      const doc = await h.service.ctx.conn.collection('proposals').findOne({ _id: id } as object);
      return doc && (doc._outbox as unknown[]).length === 0 && doc._outboxPending === false;
    }, 30_000);
  });

  it('names both parties and every listing, keyed by the proposal id', async () => {
    const [s, r] = [newMember(), newMember()];
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
    const created = await h.tap.waitFor(
      'proposal.created',
      (d) => d.proposalId === p.proposal_id,
      40_000,
    );
    expect(created.subject).toBe(p.proposal_id);
    expect(created.data).toEqual({
      proposalId: p.proposal_id,
      senderId: s.id,
      receiverId: r.id,
      productIds: [want!.id],
      offeredProductIds: [give!.id],
      actorId: s.id,
      roundCount: 1,
      status: 'pending',
    });
  });
});
