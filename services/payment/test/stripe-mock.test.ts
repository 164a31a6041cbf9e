import { eventually } from '@swapbooth/test-kit';
import { StripeProvider, stripeClient } from '../src/adapters/stripe-provider';
import { RecordingProxy } from './support/recording-proxy';
import { newMember, startPayment, type Harness } from './support/harness';

const STRIPE_MOCK = process.env.STRIPE_API_BASE ?? 'http://127.0.0.1:12111';
const plan = {
  priceId: 'price_swapbooth_monthly',
  name: 'Monthly',
  amount: 999,
  currency: 'usd',
  interval: 'month',
  trialDays: 7,
};

let proxy: RecordingProxy;
let provider: StripeProvider;

beforeAll(async () => {
  proxy = new RecordingProxy(STRIPE_MOCK);
  await proxy.start();
  provider = new StripeProvider(stripeClient({ secretKey: 'sk_test_123', apiBase: proxy.url }));
});
afterAll(async () => {
  await proxy?.stop();
});

describe('the Stripe adapter against stripe-mock', () => {
  it('creates a customer with the member in its metadata and an idempotency key', async () => {
    const c = await provider.createCustomer(
      { userId: 'u1', email: 'u1@example.test' },
      'swapbooth-customer-u1',
    );
    expect(c.id).toMatch(/^cus_/);
    const req = proxy.last('POST', '/v1/customers');
    expect(req.status).toBe(200);
    expect(req.headers['idempotency-key']).toBe('swapbooth-customer-u1');
    expect(req.headers.authorization).toBe('Bearer sk_test_123');
    expect(req.form).toEqual({ email: 'u1@example.test', 'metadata[userId]': 'u1' });
  });

  it('opens a subscription Checkout session for one price, with the trial and the return URLs', async () => {
    const s = await provider.createCheckoutSession({
      customerId: 'cus_1',
      userId: 'u1',
      plan,
      successUrl: 'http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app.test/subscription/cancel',
    });
    expect(s.url).toMatch(/^https?:\/\//);
    const req = proxy.last('POST', '/v1/checkout/sessions');
    expect(req.status).toBe(200);
    expect(req.form).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: 'u1',
      'line_items[0][price]': 'price_swapbooth_monthly',
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][userId]': 'u1',
      'subscription_data[trial_period_days]': '7',
      'metadata[userId]': 'u1',
      success_url: 'http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscription/cancel',
    });
  });

  it('leaves the trial out for a plan without one', async () => {
    await provider.createCheckoutSession({
      customerId: 'cus_1',
      userId: 'u1',
      plan: { ...plan, trialDays: 0 },
      successUrl: 'http://app.test/s',
      cancelUrl: 'http://app.test/c',
    });
    expect(proxy.last('POST', '/v1/checkout/sessions').form).not.toHaveProperty(
      'subscription_data[trial_period_days]',
    );
  });

  it('reads a subscription into its status, period end and price', async () => {
    const s = await provider.retrieveSubscription('sub_123');
    const req = proxy.last('GET', '/v1/subscriptions/sub_123');
    expect(req.status).toBe(200);
    expect(s).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      customerId: expect.stringMatching(/^cus_/),
      status: expect.any(String),
      cancelAtPeriodEnd: expect.any(Boolean),
    });
    expect(s.currentPeriodEnd === null || !Number.isNaN(Date.parse(s.currentPeriodEnd))).toBe(true);
  });

  it('cancels at the end of the period rather than at once', async () => {
    await provider.cancelAtPeriodEnd('sub_123');
    const req = proxy.last('POST', '/v1/subscriptions/sub_123');
    expect(req.status).toBe(200);
    expect(req.form).toEqual({ cancel_at_period_end: 'true' });
    expect(proxy.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('ends a subscription at once when an administrator asks', async () => {
    await provider.cancelNow('sub_123');
    const req = proxy.last('DELETE', '/v1/subscriptions/sub_123');
    expect(req.status).toBe(200);
  });

  it('says the provider answers in test mode', async () => {
    expect(await provider.status()).toEqual({ provider: 'stripe', mode: 'test' });
    expect(proxy.last('GET', '/v1/balance').status).toBe(200);
  });

  it('opens a document-and-selfie verification session that returns to the app', async () => {
    const v = await provider.createVerificationSession({
      userId: 'u1',
      returnUrl: 'http://app.test/verification-complete',
    });
    expect(v.id).toMatch(/^vs_/);
    const req = proxy.last('POST', '/v1/identity/verification_sessions');
    expect(req.status).toBe(200);
    expect(req.form).toEqual({
      type: 'document',
      'options[document][require_matching_selfie]': 'true',
      client_reference_id: 'u1',
      'metadata[userId]': 'u1',
      return_url: 'http://app.test/verification-complete',
    });
  });

  it('reads a verification session’s status', async () => {
    const v = await provider.retrieveVerificationSession('vs_123');
    expect(proxy.last('GET', '/v1/identity/verification_sessions/vs_123').status).toBe(200);
    expect(['requires_input', 'processing', 'verified', 'canceled']).toContain(v.status);
  });
});

describe('the service on Stripe (stripe-mock)', () => {
  let h: Harness;
  let serviceProxy: RecordingProxy;

  beforeAll(async () => {
    serviceProxy = new RecordingProxy(STRIPE_MOCK);
    await serviceProxy.start();
    h = await startPayment({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: serviceProxy.url });
  });
  afterAll(async () => {
    await h?.stop();
    await serviceProxy?.stop();
  });

  it('serves no sandbox pages', async () => {
    expect(h.deps.sandbox).toBeUndefined();
    expect((await h.api.get('/api/stripe/sandbox/checkout/cs_x')).status).toBe(404);
  });

  it('creates the customer at registration and opens Checkout and Identity on Stripe', async () => {
    const m = newMember();
    const customerId = await h.register(m);
    const created = serviceProxy.last('POST', '/v1/customers');
    expect(created.headers['idempotency-key']).toBe(`swapbooth-customer-${m.id}`);
    expect(created.form['metadata[userId]']).toBe(m.id);

    const checkout = await h.api.post(
      '/api/stripe/create-checkout-session',
      { priceId: 'price_swapbooth_monthly', customerId, userId: m.id },
      m.token,
    );
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^https?:\/\//);
    expect(serviceProxy.last('POST', '/v1/checkout/sessions').form).toMatchObject({
      customer: customerId,
      success_url: 'http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscription/cancel',
    });

    const verification = await h.api.post(
      '/api/stripe/create-verification-session',
      { userId: m.id, cusId: customerId },
      m.token,
    );
    expect(verification.status).toBe(200);
    expect(serviceProxy.last('POST', '/v1/identity/verification_sessions').form.return_url).toBe(
      'http://app.test/verification-complete',
    );
    await eventually(async () => (await h.stripeData(m)).verification_status === 'requires_input');
  });
});
