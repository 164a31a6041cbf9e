import { eventually, type Loose } from '@swapbooth/test-kit';
import { newMember, startExchange, type Harness, type Member } from './support/harness';
import {
  listingsOf,
  propose,
  proposed,
  setStatus,
  ship,
  subscribe,
  type TestListing,
} from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  // A short grace and sweep, so a reservation left behind is released within the test.
  h = await startExchange({ RESERVATION_GRACE_MS: '1500', PROPOSAL_SWEEP_MS: '300' });
});
afterAll(async () => {
  await h?.stop();
});

const statusOf = async (id: string, m: Member) =>
  (await h.api.get(`/api/exchange/proposal/${id}`, m.token)).body.data.status as string;

describe('reserving listings on acceptance', () => {
  it('lets exactly one of two racing accepts over a shared listing through; the other hears which listing is gone', async () => {
    const [r, s1, s2] = [newMember(), newMember(), newMember()];
    await subscribe(h, r);
    const [lamp] = await listingsOf(h, r, 1);
    const [a] = await listingsOf(h, s1, 1);
    const [b] = await listingsOf(h, s2, 1);
    const p1 = await proposed(h, s1, r, { requested: [lamp!], offered: [a!] });
    const p2 = await proposed(h, s2, r, { requested: [lamp!], offered: [b!] });

    const answers = await Promise.all([
      setStatus(h, r, p1.proposal_id, 'accepted'),
      setStatus(h, r, p2.proposal_id, 'accepted'),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const lost = answers.find((x) => x.status === 409)!;
    expect(lost.body.message).toBe(`Listing ${lamp!.title} is no longer available`);

    // The loser becomes unavailable, and its parties are told which listing and why.
    const winner = answers.find((x) => x.status === 200)!.body.data.proposal_id as string;
    const loser = winner === p1.proposal_id ? p2.proposal_id : p1.proposal_id;
    const told = await h.tap.waitFor('proposal.unavailable', (d) => d.proposalId === loser);
    expect(told.data).toMatchObject({
      unavailableProductIds: [lamp!.id],
      causedByProposalId: winner,
    });
    expect(await statusOf(loser, r)).toBe('unavailable');
    // A new proposal for a reserved listing is refused the same way.
    const late = await propose(h, s1, r, { requested: [lamp!], offered: [a!], message: 'late' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`Listing ${lamp!.title} is no longer available`);
  });

  it('gives 50 concurrent accepts over proposals sharing listings exactly one reservation per listing and no listing in two accepted exchanges', async () => {
    const receiver = newMember();
    await subscribe(h, receiver);
    const wanted = await listingsOf(h, receiver, 5);
    const senders = Array.from({ length: 10 }, () => newMember());
    const offered = new Map<string, TestListing>();
    for (const s of senders) offered.set(s.id, (await listingsOf(h, s, 1))[0]!);

    // Each sender asks for five different pairs of the receiver's listings: 50 proposals.
    const proposals: Loose[] = [];
    for (const s of senders) {
      for (let i = 0; i < 5; i++) {
        proposals.push(
          await proposed(h, s, receiver, {
            requested: [wanted[i]!, wanted[(i + 1) % 5]!],
            offered: [offered.get(s.id)!],
          }),
        );
      }
    }
    expect(proposals).toHaveLength(50);

    const answers = await Promise.all(
      proposals.map((p) => setStatus(h, receiver, p.proposal_id, 'accepted')),
    );
    const codes = answers.map((a) => a.status);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    // A loser hears which listing went, or (once the winner's event made it so) that the proposal
    // is unavailable.
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body.message).toMatch(
        /^Listing .+ is no longer available$|^The proposal is unavailable/,
      );
    }
    const accepted = answers.filter((a) => a.status === 200).map((a) => a.body.data as Loose);
    expect(accepted.length).toBeGreaterThanOrEqual(1);

    // No listing in two accepted exchanges.
    const inAccepted = accepted.flatMap((p: Loose) => [
      ...p.requested_products.map((l: Loose) => l.product_id),
      ...p.offered_products.map((l: Loose) => l.product_id),
    ]);
    expect(new Set(inAccepted).size).toBe(inAccepted.length);
    // Every stored acceptance agrees with the answers.
    const stored = await h.service.deps.proposals.findByIds(proposals.map((p) => p.proposal_id));
    const storedAccepted = stored.filter((p) => p.status === 'accepted').map((p) => p.id);
    expect(storedAccepted.sort()).toEqual(accepted.map((p: Loose) => p.proposal_id).sort());

    // Exactly one reservation per listing of an accepted exchange, held by it; no other left.
    const ids = [...wanted, ...offered.values()].map((l) => l.id);
    const reservations = (
      await Promise.all(ids.map((id) => h.service.deps.reservations.find(id)))
    ).filter((r) => r !== undefined);
    expect(reservations.map((r) => r.listingId).sort()).toEqual([...inAccepted].sort());
    for (const r of reservations) {
      const holder = accepted.find((p: Loose) =>
        [...p.requested_products, ...p.offered_products].some(
          (l: Loose) => l.product_id === r.listingId,
        ),
      );
      expect(r.proposalId).toBe(holder.proposal_id);
    }

    // Every open proposal sharing a listing with an accepted one ends up unavailable.
    const taken = new Set(inAccepted);
    const blocked = stored.filter(
      (p) =>
        p.status !== 'accepted' &&
        p.rounds[0]!.requestedProductIds.concat(p.rounds[0]!.offeredProductIds).some((l) =>
          taken.has(l),
        ),
    );
    await eventually(async () => {
      const now = await h.service.deps.proposals.findByIds(blocked.map((p) => p.id));
      return now.every((p) => p.status === 'unavailable');
    }, 30_000);
  });

  it('releases what a cancelled exchange reserved and keeps what a completed one traded', async () => {
    const [r, s] = [newMember(), newMember()];
    await subscribe(h, r);
    const [l1, l2] = await listingsOf(h, r, 2);
    const [give, give2] = await listingsOf(h, s, 2);
    const cancelled = await proposed(h, s, r, { requested: [l1!], offered: [give!] });
    await setStatus(h, r, cancelled.proposal_id, 'accepted');
    expect((await h.service.deps.reservations.find(l1!.id))?.proposalId).toBe(
      cancelled.proposal_id,
    );
    await setStatus(h, s, cancelled.proposal_id, 'cancelled');
    expect(await h.service.deps.reservations.find(l1!.id)).toBeUndefined();
    expect(await h.service.deps.reservations.find(give!.id)).toBeUndefined();

    const done = await proposed(h, s, r, { requested: [l2!], offered: [give2!] });
    const id = done.proposal_id as string;
    await setStatus(h, r, id, 'accepted');
    await ship(h, s, id, 'sender', 'shipped');
    await ship(h, r, id, 'receiver', 'shipped');
    await ship(h, r, id, 'sender', 'delivered');
    expect((await ship(h, s, id, 'receiver', 'delivered')).body.data.status).toBe('completed');
    expect((await h.service.deps.reservations.find(l2!.id))?.proposalId).toBe(id);
    expect((await h.service.deps.reservations.find(give2!.id))?.proposalId).toBe(id);
  });

  it('recovers a listing from an accept that stopped between claiming it and storing the acceptance', async () => {
    const [r, s1, s2] = [newMember(), newMember(), newMember()];
    await subscribe(h, r);
    const [lamp] = await listingsOf(h, r, 1);
    const [a] = await listingsOf(h, s1, 1);
    const [b] = await listingsOf(h, s2, 1);
    const stalled = await proposed(h, s1, r, { requested: [lamp!], offered: [a!] });
    const other = await proposed(h, s2, r, { requested: [lamp!], offered: [b!] });
    // The stalled accept's claim, as a process that stopped right after it would leave it.
    expect(await h.service.deps.reservations.claim(lamp!.id, stalled.proposal_id, new Date())).toBe(
      'claimed',
    );

    // While the claim may still be an accept in flight, the listing is not available...
    const early = await setStatus(h, r, other.proposal_id, 'accepted');
    expect(early.status).toBe(409);
    // ...and once the grace period is over the sweeper releases it.
    await eventually(
      async () => (await h.service.deps.reservations.find(lamp!.id)) === undefined,
      20_000,
    );
    expect(await statusOf(stalled.proposal_id, r)).toBe('pending');
    const later = await setStatus(h, r, other.proposal_id, 'accepted');
    expect(later.status).toBe(200);
    expect((await h.service.deps.reservations.find(lamp!.id))?.proposalId).toBe(other.proposal_id);
  });
});
