import { eventually } from '@swapbooth/test-kit';
import { newMember, signature, startPayment, type Harness } from './support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startPayment();
});
afterAll(async () => {
  await h?.stop();
});

/** A real sandbox payment whose webhooks are held back instead of delivered. */
async function heldBackPayment() {
  const m = newMember();
  const customerId = await h.register(m);
  const session = await h.api.post(
    '/api/stripe/create-checkout-session',
    { priceId: 'price_swapbooth_yearly', customerId, userId: m.id },
    m.token,
  );
  const held: string[] = [];
  const sandbox = h.deps.sandbox!;
  sandbox.deliverWith(async (payload) => {
    held.push(payload);
  });
  await sandbox.payCheckout(session.body.sessionId);
  return { m, held };
}

afterEach(() => {
  // Back to delivering to the endpoint.
  h.deps.sandbox!.deliverWith(async (payload) => {
    const r = await h.webhook(payload, signature(payload));
    if (r.status !== 200) throw new Error(`webhook answered ${r.status}`);
  });
});

describe('webhook integrity', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const cases: Array<[string, (payload: string) => string | undefined]> = [
    ['no signature', () => undefined],
    ['a signature made with another secret', (p) => signature(p, 'whsec_someone_else')],
    ['a signature older than five minutes', (p) => signature(p, undefined, now() - 301)],
    ['a malformed signature header', () => 'v1=deadbeef'],
    [
      'a body changed after signing',
      (p) => signature(p.replace('"livemode":false', '"livemode":true')),
    ],
  ];

  it.each(cases)('refuses %s with 400 and changes nothing', async (_name, sign) => {
    const { m, held } = await heldBackPayment();
    expect(held.map((p) => JSON.parse(p).type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
    for (const payload of held) {
      const r = await h.webhook(payload, sign(payload));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false });
    }
    const data = await h.stripeData(m);
    expect(data.subscription_status).toBeNull();
    expect(h.tap.all('subscription.changed', (d) => d.userId === m.id)).toHaveLength(0);

    // The same events, properly signed, are then accepted: nothing was claimed by the refusals.
    for (const payload of held) {
      expect((await h.webhook(payload, signature(payload))).body).toMatchObject({
        received: true,
        outcome: 'processed',
      });
    }
    expect((await h.stripeData(m)).subscription_status).toBe('active');
  });

  it('processes an event once however often it is delivered', async () => {
    const { m, held } = await heldBackPayment();
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      for (const payload of held)
        outcomes.push((await h.webhook(payload, signature(payload))).body.outcome);
    }
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(4);
    await h.tap.waitFor('subscription.changed', (d) => d.userId === m.id);
    await eventually(async () => (await h.stripeData(m)).subscription_status === 'active');
    expect(h.tap.all('subscription.changed', (d) => d.userId === m.id)).toHaveLength(1);
  });

  it('acknowledges event types it does not act on', async () => {
    const payload = JSON.stringify({
      id: 'evt_unrelated_1',
      object: 'event',
      type: 'customer.updated',
      created: now(),
      data: { object: { id: 'cus_x', object: 'customer' } },
    });
    const r = await h.webhook(payload, signature(payload));
    expect(r.status).toBe(200);
    expect(r.body.outcome).toBe('ignored');
  });
});
