import { eventually } from '@swapbooth/test-kit';
import { newMember, startExchange, type Harness } from './support/harness';
import {
  counter,
  listingsOf,
  propose,
  proposed,
  setListingStatus,
  setStatus,
  ship,
  subscribe,
} from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startExchange();
});
afterAll(async () => {
  await h?.stop();
});

const get = (id: string, token: string) => h.api.get(`/api/exchange/proposal/${id}`, token);

describe('a proposal from offer to completed trade', () => {
  it('runs through two counter rounds, acceptance, both parcels and completion, seen right by both parties', async () => {
    const [alice, bob] = [newMember(), newMember()];
    await subscribe(h, bob);
    await h.tap.publish('user.profile-updated', alice.id, {
      userId: alice.id,
      firstName: 'Alice',
      lastName: 'Archer',
      username: 'alice',
      profileImage: 'https://img.test/alice.png',
      version: 1,
    });
    const [bobLamp, bobChair] = await listingsOf(h, bob, 2);
    const [aliceBook] = await listingsOf(h, alice, 1);

    const created = await proposed(h, alice, bob, {
      requested: [bobLamp!],
      offered: [aliceBook!],
      deposit_amount: '12.5',
      senderShippingContribution: 3,
    });
    expect(created).toMatchObject({
      status: 'pending',
      role: 'sender',
      sender_id: alice.id,
      receiver_id: bob.id,
      deposit_amount: 12.5,
      sender_shipping_contribution: 3,
      receiver_shipping_contribution: 0,
      message: 'Would you swap?',
      round_count: 1,
      terms_by: alice.id,
      awaiting: bob.id,
      allowed_actions: ['cancel'],
      details_locked: false,
    });
    expect(created.requested_products[0]).toMatchObject({
      product_id: bobLamp!.id,
      title: bobLamp!.title,
      owner_id: bob.id,
      status: 'published',
      image_url: `https://img.test/${bobLamp!.id}.jpg`,
    });
    const id = created.proposal_id as string;

    // The receiver sees it waiting for them, with the sender's face once the profile is known.
    const seen = (await get(id, bob.token)).body.data;
    expect(seen).toMatchObject({
      role: 'receiver',
      allowed_actions: ['accept', 'reject', 'counter'],
    });
    expect(seen.sender.user_id).toBe(alice.id);
    await eventually(
      async () => (await get(id, bob.token)).body.data.sender.first_name === 'Alice',
      20_000,
    );

    // Round 2: bob asks for the chair too and drops the deposit (same orientation of fields).
    const c1 = await counter(h, bob, id, {
      requested_product_ids: [bobLamp!.id, bobChair!.id],
      offered_product_ids: [aliceBook!.id],
      deposit_amount: 0,
      message: 'Both for your book?',
    });
    expect(c1.status).toBe(200);
    expect(c1.body.data).toMatchObject({
      status: 'countered',
      round_count: 2,
      terms_by: bob.id,
      awaiting: alice.id,
      deposit_amount: 0,
      message: 'Both for your book?',
      allowed_actions: ['cancel'],
    });
    expect(
      c1.body.data.requested_products.map((p: { product_id: string }) => p.product_id),
    ).toEqual([bobLamp!.id, bobChair!.id]);

    // Round 3: alice adds money back.
    const c2 = await counter(h, alice, id, {
      requestedProductIds: [bobLamp!.id, bobChair!.id],
      offeredProductIds: [aliceBook!.id],
      depositAmount: 5,
      message: 'With 5 on top',
    });
    expect(c2.status).toBe(200);
    expect(
      c2.body.data.rounds.map((r: { by: string; deposit_amount: number }) => [
        r.by,
        r.deposit_amount,
      ]),
    ).toEqual([
      [alice.id, 12.5],
      [bob.id, 0],
      [alice.id, 5],
    ]);

    const accepted = await setStatus(h, bob, id, 'accepted');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', awaiting: null });
    expect(accepted.body.data.allowed_actions).toEqual([
      'cancel',
      'ship',
      'confirm_delivery',
      'report_problem',
    ]);
    expect(accepted.body.data.accepted_at).not.toBeNull();

    expect(
      (await ship(h, alice, id, 'sender', 'shipped', { tracking_note: 'DHL 42' })).status,
    ).toBe(200);
    expect((await ship(h, bob, id, 'receiver', 'preparing')).status).toBe(200);
    expect((await ship(h, bob, id, 'receiver', 'shipped')).status).toBe(200);
    expect((await ship(h, bob, id, 'sender', 'delivered')).status).toBe(200);
    const done = await ship(h, alice, id, 'receiver', 'delivered');
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'completed',
      shipping: {
        sender: { status: 'delivered', tracking_note: 'DHL 42' },
        receiver: { status: 'delivered' },
      },
      allowed_actions: ['rate'],
      rated_by_me: false,
    });
    expect(done.body.data.completed_at).not.toBeNull();

    // The whole life went out as events, in order, each naming both parties and every listing.
    const completed = await h.tap.waitFor('proposal.completed', (d) => d.proposalId === id);
    expect(completed.subject).toBe(id);
    expect(completed.data).toMatchObject({
      senderId: alice.id,
      receiverId: bob.id,
      productIds: [bobLamp!.id, bobChair!.id],
      offeredProductIds: [aliceBook!.id],
    });
    const life = h.tap.seen
      .filter((e) => (e.data as { proposalId?: string }).proposalId === id)
      .map((e) => e.type);
    expect(life).toEqual([
      'proposal.created',
      'proposal.countered',
      'proposal.countered',
      'proposal.accepted',
      // The receiver's 'preparing' changed nothing: no event.
      'proposal.shipping-updated',
      'proposal.shipping-updated',
      'proposal.shipping-updated',
      'proposal.shipping-updated',
      'proposal.completed',
    ]);

    // Both see it in their lists and stats; the stats are public.
    const sent = await h.api.get(`/api/exchange/user/${alice.id}/proposals?role=sent`, alice.token);
    expect(sent.body.data.proposals.map((p: { proposal_id: string }) => p.proposal_id)).toEqual([
      id,
    ]);
    const received = await h.api.get(
      `/api/exchange/user/${bob.id}/proposals?role=received&status=completed`,
      bob.token,
    );
    expect(received.body.data.totalCount).toBe(1);
    const stats = await h.api.get(`/api/exchange/user/${bob.id}/stats`);
    expect(stats.body.data).toEqual({
      sent: 0,
      received: 1,
      accepted: 1,
      completed: 1,
      completion_rate: 1,
    });
  });

  it('is cancelled by the maker of the current terms, and after acceptance by either party until something ships', async () => {
    const [s, r] = [newMember(), newMember()];
    await subscribe(h, r);
    const [want1, want2] = await listingsOf(h, r, 2);
    const [give] = await listingsOf(h, s, 1);
    const p1 = await proposed(h, s, r, { requested: [want1!], offered: [give!] });
    expect((await setStatus(h, r, p1.proposal_id, 'cancelled')).status).toBe(409);
    const withdrawn = await setStatus(h, s, p1.proposal_id, 'cancelled');
    expect(withdrawn.body.data.status).toBe('cancelled');

    const p2 = await proposed(h, s, r, { requested: [want2!], offered: [give!] });
    expect((await setStatus(h, r, p2.proposal_id, 'accepted')).status).toBe(200);
    expect((await setStatus(h, r, p2.proposal_id, 'cancelled')).body.data.status).toBe('cancelled');
    const event = await h.tap.waitFor('proposal.cancelled', (d) => d.proposalId === p2.proposal_id);
    expect(event.data.previousStatus).toBe('accepted');
    // Its listings are free again: a new proposal for them can be accepted.
    const p3 = await proposed(h, s, r, { requested: [want2!], offered: [give!], message: 'again' });
    expect((await setStatus(h, r, p3.proposal_id, 'accepted')).status).toBe(200);
    expect((await ship(h, s, p3.proposal_id, 'sender', 'shipped')).status).toBe(200);
    const late = await setStatus(h, r, p3.proposal_id, 'cancelled');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/shipped/);
  });
});

describe('what a proposal must be', () => {
  let s: ReturnType<typeof newMember>;
  let r: ReturnType<typeof newMember>;
  let mine: Awaited<ReturnType<typeof listingsOf>>;
  let theirs: Awaited<ReturnType<typeof listingsOf>>;
  beforeAll(async () => {
    [s, r] = [newMember(), newMember()];
    theirs = await listingsOf(h, r, 3);
    mine = await listingsOf(h, s, 2);
  });

  it.each([
    ['a userId other than the caller', () => ({ userId: 'someone-else' }), 403, /own account/],
    ['a proposal to yourself', () => ({ receiverId: s.id }), 400, /yourself/],
    ['no requested listing', () => ({ requestedProductIds: [] }), 400, /requestedProductIds/],
    [
      'eleven requested listings',
      () => ({ requestedProductIds: Array.from({ length: 11 }, (_, i) => `x${i}`) }),
      400,
      /requestedProductIds/,
    ],
    ['nothing offered and no deposit', () => ({ offeredProductIds: [] }), 400, /offeredProductIds/],
    ['a negative deposit', () => ({ deposit_amount: -1 }), 400, /deposit_amount/],
    ['three decimals', () => ({ sender_shipping_contribution: 1.005 }), 400, /two decimals/],
    ['more than 10,000', () => ({ receiver_shipping_contribution: 10000.01 }), 400, /10,000/],
    ['money that is not a number', () => ({ deposit_amount: 'lots' }), 400, /deposit_amount/],
    ['a message over 1,000 characters', () => ({ message: 'x'.repeat(1001) }), 400, /message/],
    [
      'a listing that does not exist',
      () => ({ requestedProductIds: ['nope'] }),
      400,
      /does not exist/,
    ],
    [
      "someone else's listing asked for",
      () => ({ requestedProductIds: [mine[0]!.id] }),
      400,
      /does not belong to the receiver/,
    ],
    [
      "someone else's listing offered",
      () => ({ offeredProductIds: [theirs[1]!.id] }),
      400,
      /does not belong to the sender/,
    ],
  ])('refuses %s', async (_name, change, status, message) => {
    const res = await h.api.post(
      '/api/exchange/proposal',
      {
        userId: s.id,
        receiverId: r.id,
        requestedProductIds: [theirs[0]!.id],
        offeredProductIds: [mine[0]!.id],
        ...change(),
      },
      s.token,
    );
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toMatch(message);
  });

  it('takes missing money as 0 and an empty offer with a deposit', async () => {
    const p = await proposed(h, s, r, { requested: [theirs[2]!], deposit_amount: 20 });
    expect(p).toMatchObject({
      deposit_amount: 20,
      sender_shipping_contribution: 0,
      offered_products: [],
    });
  });

  it('refuses the same open terms to the same member twice (409), and allows them again once the first is closed', async () => {
    const terms = { requested: [theirs[1]!], offered: [mine[1]!], deposit_amount: 1 };
    const first = await proposed(h, s, r, terms);
    const again = await propose(h, s, r, { ...terms, message: 'different words, same terms' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/same terms/);
    await setStatus(h, s, first.proposal_id, 'cancelled');
    expect((await propose(h, s, r, terms)).status).toBe(201);
  });

  it('refuses listings that are not published (409)', async () => {
    const [paused] = await listingsOf(h, r, 1);
    await setListingStatus(h, paused!, 'paused');
    const res = await propose(h, s, r, { requested: [paused!], offered: [mine[0]!] });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(new RegExp(`${paused!.title}.*not available`));
  });

  it('needs a member token', async () => {
    expect((await h.api.post('/api/exchange/proposal', {})).status).toBe(401);
  });
});

describe('moves that are not allowed', () => {
  it('answers each forbidden move with its status code', async () => {
    const [s, r, stranger] = [newMember(), newMember(), newMember()];
    await subscribe(h, r);
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
    const id = p.proposal_id as string;

    // Missing proposal, non-party, userId of someone else.
    expect((await setStatus(h, r, 'no-such-proposal', 'accepted')).status).toBe(404);
    expect((await setStatus(h, stranger, id, 'rejected')).status).toBe(403);
    expect(
      (
        await h.api.put(
          `/api/exchange/proposal/${id}/status`,
          { status: 'accepted', userId: s.id },
          r.token,
        )
      ).status,
    ).toBe(403);
    // Wrong turn: the sender cannot accept their own terms nor counter them.
    const ownAccept = await setStatus(h, s, id, 'accepted');
    expect(ownAccept.status).toBe(409);
    expect(ownAccept.body.message).toMatch(/Not your turn.*allowed moves: cancel/);
    const ownCounter = await counter(h, s, id, {
      requestedProductIds: [want!.id],
      offeredProductIds: [give!.id],
      deposit_amount: 2,
    });
    expect(ownCounter.status).toBe(409);
    // A status word that is no move, a shipping step before acceptance.
    expect((await setStatus(h, r, id, 'completed')).status).toBe(400);
    const early = await ship(h, s, id, 'sender', 'shipped');
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/accepted exchange/);
    expect((await ship(h, s, id, 'sideways' as 'sender', 'shipped')).status).toBe(400);

    expect((await setStatus(h, r, id, 'accepted')).status).toBe(200);
    // Accepting again (a retry whose answer was lost) answers the accepted exchange; rejecting it
    // now, shipping the other party's parcel, confirming one's own are refused.
    const twice = await setStatus(h, r, id, 'accepted');
    expect(twice.status).toBe(200);
    expect(twice.body.data.status).toBe('accepted');
    const late = await setStatus(h, r, id, 'rejected');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/accepted; allowed moves: cancel, ship, confirm_delivery/);
    expect((await ship(h, r, id, 'sender', 'shipped')).status).toBe(403);
    expect((await ship(h, s, id, 'sender', 'delivered')).status).toBe(403);
    expect((await ship(h, stranger, id, 'sender', 'shipped')).status).toBe(403);
    expect((await ship(h, s, id, 'sender', 'delivered')).status).toBe(403);
    await ship(h, s, id, 'sender', 'shipped');
    expect((await ship(h, s, id, 'sender', 'preparing')).status).toBe(409);
    // Countering an accepted exchange.
    expect(
      (await counter(h, s, id, { requestedProductIds: [want!.id], offeredProductIds: [give!.id] }))
        .status,
    ).toBe(409);
  });

  it('shows a third member nothing of a proposal (BOLA)', async () => {
    const [s, r, stranger] = [newMember(), newMember(), newMember()];
    await subscribe(h, stranger);
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
    const id = p.proposal_id as string;

    const read = await get(id, stranger.token);
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain(s.id);
    expect((await h.api.get(`/api/exchange/user/${s.id}/proposals`, stranger.token)).status).toBe(
      403,
    );
    const byListing = await h.api.get(`/api/exchange/proposal/product/${want!.id}`, stranger.token);
    expect(byListing.status).toBe(200);
    expect(byListing.body.data).toEqual({
      proposals: [],
      counts: { total: 0, open: 0, acceptedItems: 0 },
    });
    expect((await setStatus(h, stranger, id, 'cancelled')).status).toBe(403);
    expect(
      (
        await counter(h, stranger, id, {
          requestedProductIds: [want!.id],
          offeredProductIds: [give!.id],
        })
      ).status,
    ).toBe(403);
    expect((await get(id, '')).status).toBe(401);
    // The owner of the listing sees it, with counts.
    const owner = await h.api.get(`/api/exchange/proposal/product/${want!.id}`, r.token);
    expect(owner.body.data.counts).toEqual({ total: 1, open: 1, acceptedItems: 0 });
  });
});

describe("a member's proposals", () => {
  it('pages newest first and filters by role and status', async () => {
    const [me, other] = [newMember(), newMember()];
    const theirs = await listingsOf(h, other, 3);
    const mine = await listingsOf(h, me, 1);
    const ids: string[] = [];
    for (const l of theirs) {
      ids.push((await proposed(h, me, other, { requested: [l], offered: [mine[0]!] })).proposal_id);
    }
    const incoming = await proposed(h, other, me, { requested: [mine[0]!], offered: [theirs[0]!] });
    await setStatus(h, me, ids[0]!, 'cancelled');

    const page1 = await h.api.get(`/api/exchange/user/${me.id}/proposals?limit=2`, me.token);
    expect(page1.body.data).toMatchObject({ totalCount: 4, page: 1, limit: 2, totalPages: 2 });
    expect(page1.body.data.proposals.map((p: { proposal_id: string }) => p.proposal_id)).toEqual([
      incoming.proposal_id,
      ids[2],
    ]);
    const sentOpen = await h.api.get(
      `/api/exchange/user/${me.id}/proposals?role=sent&status=pending,countered`,
      me.token,
    );
    expect(sentOpen.body.data.proposals.map((p: { proposal_id: string }) => p.proposal_id)).toEqual(
      [ids[2], ids[1]],
    );
    const bad = await h.api.get(`/api/exchange/user/${me.id}/proposals?status=lost`, me.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status/);
  });

  it('files a proposal under its new status at once, for both parties and in their stats', async () => {
    const [s, r] = [newMember(), newMember()];
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
    await setStatus(h, s, p.proposal_id, 'cancelled');

    for (const m of [s, r]) {
      const pending = await h.api.get(
        `/api/exchange/user/${m.id}/proposals?status=pending`,
        m.token,
      );
      expect(pending.body.data).toMatchObject({ proposals: [], totalCount: 0 });
      const cancelled = await h.api.get(
        `/api/exchange/user/${m.id}/proposals?status=cancelled`,
        m.token,
      );
      expect(cancelled.body.data.totalCount).toBe(1);
    }
    expect((await h.api.get(`/api/exchange/user/${s.id}/stats`)).body.data).toEqual({
      sent: 1,
      received: 0,
      accepted: 0,
      completed: 0,
      completion_rate: 0,
    });
  });

  it('gives proposals stored before the query fields existed their listings and open terms at start', async () => {
    const [s, r] = [newMember(), newMember()];
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const terms = { requested: [want!], offered: [give!] };
    const p = await proposed(h, s, r, terms);
    // As a database from before the fields would hold it.
    await h.service.ctx.conn
      .collection('proposals')
      .updateOne({ _id: p.proposal_id } as object, { $unset: { listingIds: 1, openTerms: 1 } });
    const byListing = () => h.api.get(`/api/exchange/proposal/product/${want!.id}`, r.token);
    expect((await byListing()).body.data.counts.total).toBe(0);

    expect(await h.service.deps.proposals.addQueryFields()).toBe(1);
    expect((await byListing()).body.data.counts).toEqual({ total: 1, open: 1, acceptedItems: 0 });
    expect((await propose(h, s, r, terms)).status).toBe(409);
    expect(await h.service.deps.proposals.addQueryFields()).toBe(0);
  });

  it('ends open proposals when a listing leaves the catalog', async () => {
    const [s, r] = [newMember(), newMember()];
    const [want] = await listingsOf(h, r, 1);
    const [give] = await listingsOf(h, s, 1);
    const p = await proposed(h, s, r, { requested: [want!], offered: [give!] });
    await setListingStatus(h, give!, 'removed');
    const gone = await h.tap.waitFor('proposal.unavailable', (d) => d.proposalId === p.proposal_id);
    expect(gone.data.unavailableProductIds).toEqual([give!.id]);
    expect((await get(p.proposal_id, s.token)).body.data.status).toBe('unavailable');
  });
});
