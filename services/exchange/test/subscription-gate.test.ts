import { newMember, startExchange, type Harness } from './support/harness';
import { counter, listingsOf, proposed, setStatus, subscribe } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startExchange();
});
afterAll(async () => {
  await h?.stop();
});

describe('the subscription gate', () => {
  it('locks the details for a receiver without a subscription, lets them reject, and opens after subscription.changed', async () => {
    const [s, r] = [newMember(), newMember()];
    const [want, want2] = await listingsOf(h, r, 2);
    const [give, give2] = await listingsOf(h, s, 2);
    const p = await proposed(h, s, r, {
      requested: [want!],
      offered: [give!],
      deposit_amount: 10,
      message: 'A secret offer',
    });
    const id = p.proposal_id as string;

    const locked = (await h.api.get(`/api/exchange/proposal/${id}`, r.token)).body.data;
    expect(locked).toMatchObject({
      details_locked: true,
      sender_id: null,
      sender: null,
      offered_products: [],
      rounds: [],
      message: '',
      deposit_amount: 0,
      sender_shipping_contribution: 0,
      receiver_shipping_contribution: 0,
      round_count: 1,
      terms_by: null,
      awaiting: r.id,
      allowed_actions: ['reject'],
    });
    expect(locked.requested_products.map((l: { product_id: string }) => l.product_id)).toEqual([
      want!.id,
    ]);
    expect(JSON.stringify(locked)).not.toContain(s.id);
    // The list shows it locked too; the sender sees everything.
    const listed = await h.api.get(`/api/exchange/user/${r.id}/proposals`, r.token);
    expect(listed.body.data.proposals[0]).toMatchObject({ proposal_id: id, details_locked: true });
    expect(JSON.stringify(listed.body)).not.toContain(s.id);
    const senderView = (await h.api.get(`/api/exchange/proposal/${id}`, s.token)).body.data;
    expect(senderView).toMatchObject({ details_locked: false, message: 'A secret offer' });

    const accept = await setStatus(h, r, id, 'accepted');
    expect(accept.status).toBe(403);
    expect(accept.body).toMatchObject({ success: false, code: 'subscription_required' });
    const countered = await counter(h, r, id, {
      requestedProductIds: [want!.id],
      offeredProductIds: [give!.id],
    });
    expect(countered.status).toBe(403);
    expect(countered.body.code).toBe('subscription_required');

    // Payment reports a subscription: the details open and the answers are allowed.
    await subscribe(h, r, 'trialing');
    const open = (await h.api.get(`/api/exchange/proposal/${id}`, r.token)).body.data;
    expect(open).toMatchObject({
      details_locked: false,
      sender_id: s.id,
      message: 'A secret offer',
      deposit_amount: 10,
      allowed_actions: ['accept', 'reject', 'counter'],
    });
    expect(open.offered_products[0].product_id).toBe(give!.id);
    expect((await setStatus(h, r, id, 'accepted')).status).toBe(200);

    // A cancelled subscription locks new proposals again; rejecting still works.
    await subscribe(h, r, 'canceled');
    const p2 = await proposed(h, s, r, { requested: [want2!], offered: [give2!] });
    expect(
      (await h.api.get(`/api/exchange/proposal/${p2.proposal_id}`, r.token)).body.data
        .details_locked,
    ).toBe(true);
    // The exchange accepted while subscribed stays readable.
    expect(
      (await h.api.get(`/api/exchange/proposal/${id}`, r.token)).body.data.details_locked,
    ).toBe(false);
    const rejected = await setStatus(h, r, p2.proposal_id, 'rejected');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe('rejected');
  });
});
