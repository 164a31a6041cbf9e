import { eventually } from '@swapbooth/test-kit';
import { newMember, startPayment, type Harness, type Member } from './support/harness';

let h: Harness;
let owner: Member;
let other: Member;
let ownerCustomer: string;
let otherCustomer: string;
let ownerSubscription: string;
let ownerVerification: string;

beforeAll(async () => {
  h = await startPayment();
  owner = newMember();
  other = newMember();
  ownerCustomer = await h.register(owner);
  otherCustomer = await h.register(other);
  const checkout = await h.api.post(
    '/api/stripe/create-checkout-session',
    { priceId: 'price_swapbooth_yearly', customerId: ownerCustomer, userId: owner.id },
    owner.token,
  );
  await h.api.call('POST', `${new URL(checkout.body.url).pathname}/pay`);
  ownerSubscription = await eventually(
    async () => (await h.stripeData(owner)).subscription_id as string | null,
  );
  const verification = await h.api.post(
    '/api/stripe/create-verification-session',
    { userId: owner.id, cusId: ownerCustomer },
    owner.token,
  );
  ownerVerification = verification.body.sessionId;
});
afterAll(async () => {
  await h?.stop();
});

describe('another member’s payment objects', () => {
  const names = [
    'checkout for the owner',
    'checkout on the owner’s customer',
    'the owner’s subscriptions',
    'cancelling the owner’s subscription',
    'verification for the owner',
    'verification on the owner’s customer',
    'the owner’s verification status',
    'processing the owner’s verification',
    'processing as the owner',
  ];
  const calls = (): Array<[string, string, string, unknown]> => [
    [
      'checkout for the owner',
      'POST',
      '/api/stripe/create-checkout-session',
      { priceId: 'price_swapbooth_monthly', customerId: ownerCustomer, userId: owner.id },
    ],
    [
      'checkout on the owner’s customer',
      'POST',
      '/api/stripe/create-checkout-session',
      { priceId: 'price_swapbooth_monthly', customerId: ownerCustomer, userId: other.id },
    ],
    ['the owner’s subscriptions', 'GET', `/api/stripe/subscriptions/${ownerCustomer}`, undefined],
    [
      'cancelling the owner’s subscription',
      'POST',
      '/api/stripe/subscriptions/cancel',
      { subscriptionId: ownerSubscription },
    ],
    [
      'verification for the owner',
      'POST',
      '/api/stripe/create-verification-session',
      { userId: owner.id, cusId: ownerCustomer },
    ],
    [
      'verification on the owner’s customer',
      'POST',
      '/api/stripe/create-verification-session',
      { userId: other.id, cusId: ownerCustomer },
    ],
    [
      'the owner’s verification status',
      'GET',
      `/api/stripe/verify-session-status/${ownerVerification}`,
      undefined,
    ],
    [
      'processing the owner’s verification',
      'POST',
      '/api/stripe/process-verification-success',
      { userId: other.id, sessionId: ownerVerification },
    ],
    [
      'processing as the owner',
      'POST',
      '/api/stripe/process-verification-success',
      { userId: owner.id, sessionId: ownerVerification },
    ],
  ];

  it.each(names.map((name, i) => [name, i] as const))('refuses %s with 403', async (_name, i) => {
    const [, method, path, body] = calls()[i]!;
    const r = await h.api.call(method, path, {
      token: other.token,
      ...(body !== undefined ? { body } : {}),
    });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false });
  });

  it.each(names.map((name, i) => [name, i] as const))(
    'refuses %s without a token with 401',
    async (_name, i) => {
      const [, method, path, body] = calls()[i]!;
      const r = await h.api.call(method, path, body !== undefined ? { body } : {});
      expect(r.status).toBe(401);
    },
  );

  it('left the owner’s subscription and verification as they were', async () => {
    const data = await h.stripeData(owner);
    expect(data).toMatchObject({
      subscription_id: ownerSubscription,
      subscription_status: 'active',
      cancel_at_period_end: false,
      is_kyc_verified: false,
    });
    expect((await h.stripeData(other)).customer_id).toBe(otherCustomer);
  });

  it('shows others only the ID Verified flag', async () => {
    for (const token of [other.token, undefined]) {
      const r = await h.api.get(`/api/user-stripe-data/${owner.id}`, token);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ user_id: owner.id, is_kyc_verified: false });
    }
    const own = await h.api.get(`/api/user-stripe-data/${owner.id}`, owner.token);
    expect(own.body.data).toMatchObject({
      customer_id: ownerCustomer,
      subscription_status: 'active',
    });
  });

  it('answers 404 for a verification session nobody started', async () => {
    const r = await h.api.get('/api/stripe/verify-session-status/vs_unknown', other.token);
    expect(r.status).toBe(404);
  });

  it('names the field of a malformed body', async () => {
    const r = await h.api.post('/api/stripe/subscriptions/cancel', {}, other.token);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/subscriptionId/);
  });
});
