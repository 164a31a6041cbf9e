import { eventually } from '@swapbooth/test-kit';
import { newMember, startPayment, type Harness, type Member } from './support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startPayment();
});
afterAll(async () => {
  await h?.stop();
});

const pathOf = (url: string) => new URL(url).pathname;

async function checkout(m: Member, customerId: string, priceId = 'price_swapbooth_monthly') {
  const r = await h.api.post(
    '/api/stripe/create-checkout-session',
    { priceId, customerId, userId: m.id },
    m.token,
  );
  expect(r.status).toBe(200);
  return r.body as { url: string; sessionId: string };
}

describe('subscribing through the sandbox', () => {
  it('lists the configured plans', async () => {
    const r = await h.api.get('/api/stripe/plans');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      data: [
        {
          priceId: 'price_swapbooth_monthly',
          name: 'Monthly',
          amount: 999,
          currency: 'usd',
          interval: 'month',
          trialDays: 7,
        },
        {
          priceId: 'price_swapbooth_yearly',
          name: 'Yearly',
          amount: 9900,
          currency: 'usd',
          interval: 'year',
          trialDays: 0,
        },
      ],
    });
  });

  it('gives a registered member a customer once, however often the registration arrives', async () => {
    const m = newMember();
    const customerId = await h.register(m);
    expect(customerId).toMatch(/^cus_/);
    await h.tap.publish('user.registered', m.id, {
      userId: m.id,
      email: m.email,
      authMethod: 'email',
    });
    await h.register(newMember()); // a later event on the topic has been handled too
    expect((await h.stripeData(m)).customer_id).toBe(customerId);
  });

  it('gives a member whose registration it missed a customer when they first look', async () => {
    const m = newMember();
    const data = await h.stripeData(m);
    expect(data.customer_id).toMatch(/^cus_/);
    expect((await h.stripeData(m)).customer_id).toBe(data.customer_id);
  });

  it('shows a hosted checkout page clearly labelled as a sandbox', async () => {
    const m = newMember();
    const { url, sessionId } = await checkout(m, await h.register(m));
    expect(url).toBe(`http://app.test/api/stripe/sandbox/checkout/${sessionId}`);
    const page = await h.api.get(pathOf(url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('Sandbox — no real payment');
    expect(page.body).toContain('Subscribe to Swapbooth Monthly');
    expect(page.body).toContain('$9.99');
  });

  it('entitles a member only once the signed webhook confirmed the payment', async () => {
    const m = newMember();
    const customerId = await h.register(m);
    const { url, sessionId } = await checkout(m, customerId);
    expect((await h.stripeData(m)).subscription_status).toBeNull();

    const paid = await h.api.call('POST', `${pathOf(url)}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/subscription/success?session_id=${sessionId}`);

    const data = await eventually(async () => {
      const d = await h.stripeData(m);
      return d.subscription_status === 'trialing' ? d : undefined;
    });
    expect(data).toMatchObject({ customer_id: customerId, cancel_at_period_end: false });
    const days = (Date.parse(data.current_period_end) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    const event = await h.tap.waitFor('subscription.changed', (d) => d.userId === m.id);
    expect(event.key).toBe(m.id);
    expect(event.data).toMatchObject({
      status: 'trialing',
      customerId,
      subscriptionId: data.subscription_id,
      currentPeriodEnd: data.current_period_end,
    });

    const subs = await h.api.get(`/api/stripe/subscriptions/${customerId}`, m.token);
    expect(subs.status).toBe(200);
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({
        id: data.subscription_id,
        status: 'trialing',
        price_id: 'price_swapbooth_monthly',
        plan: expect.objectContaining({ name: 'Monthly' }),
      }),
    ]);
  });

  it('refuses a second checkout while the member is subscribed, and an unknown price', async () => {
    const m = newMember();
    const customerId = await h.register(m);
    const unknown = await h.api.post(
      '/api/stripe/create-checkout-session',
      { priceId: 'price_nope', customerId, userId: m.id },
      m.token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/priceId/);
    const { url } = await checkout(m, customerId, 'price_swapbooth_yearly');
    await h.api.call('POST', `${pathOf(url)}/pay`);
    await eventually(async () => (await h.stripeData(m)).subscription_status === 'active');
    const again = await h.api.post(
      '/api/stripe/create-checkout-session',
      { priceId: 'price_swapbooth_monthly', customerId, userId: m.id },
      m.token,
    );
    expect(again.status).toBe(409);
  });

  it('leaves a member unsubscribed when the card is declined or checkout is cancelled', async () => {
    const m = newMember();
    const customerId = await h.register(m);
    const { url } = await checkout(m, customerId);
    const declined = await h.api.call('POST', `${pathOf(url)}/decline`);
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toMatch(/\?declined=1$/);
    await eventually(async () => (await h.stripeData(m)).subscription_status === 'incomplete');
    const cancelled = await h.api.call('POST', `${pathOf(url)}/cancel`);
    expect(cancelled.headers.get('location')).toBe('/subscription/cancel');
    const event = await h.tap.waitFor('subscription.changed', (d) => d.userId === m.id);
    expect(event.data.status).toBe('incomplete');
  });

  it('cancels at the end of the period: the member keeps access until then', async () => {
    const m = newMember();
    const customerId = await h.register(m);
    const { url } = await checkout(m, customerId, 'price_swapbooth_yearly');
    await h.api.call('POST', `${pathOf(url)}/pay`);
    const before = await eventually(async () => {
      const d = await h.stripeData(m);
      return d.subscription_status === 'active' ? d : undefined;
    });

    const r = await h.api.post(
      '/api/stripe/subscriptions/cancel',
      { subscriptionId: before.subscription_id },
      m.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ cancel_at_period_end: true, status: 'active' });

    const after = await eventually(async () => {
      const d = await h.stripeData(m);
      return d.cancel_at_period_end ? d : undefined;
    });
    expect(after.subscription_status).toBe('active');
    expect(after.current_period_end).toBe(before.current_period_end);

    // The period ends: Stripe deletes the subscription, and access ends with it.
    await h.deps.sandbox!.updateSubscription(before.subscription_id, { status: 'canceled' });
    await eventually(async () => (await h.stripeData(m)).subscription_status === 'canceled');
    const ended = await h.tap.waitFor(
      'subscription.changed',
      (d) => d.userId === m.id && d.status === 'canceled',
    );
    expect(ended.key).toBe(m.id);
  });
});

describe('verifying identity through the sandbox', () => {
  async function startVerification(m: Member) {
    const cusId = await h.register(m);
    const r = await h.api.post(
      '/api/stripe/create-verification-session',
      { userId: m.id, cusId },
      m.token,
    );
    expect(r.status).toBe(200);
    return r.body as { url: string; sessionId: string };
  }

  it('verifies a member and tells the other services, keyed by the member', async () => {
    const m = newMember();
    const { url, sessionId } = await startVerification(m);
    const page = await h.api.get(pathOf(url));
    expect(page.body).toContain('Sandbox — no real payment');
    expect(page.body).toContain('Verify your identity');

    const pending = await h.api.get(`/api/stripe/verify-session-status/${sessionId}`, m.token);
    expect(pending.body.data).toMatchObject({ status: 'requires_input', verified: false });

    const done = await h.api.call('POST', `${pathOf(url)}/verify`);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/verification-complete');

    const event = await h.tap.waitFor('identity.verified', (d) => d.userId === m.id);
    expect(event.data).toEqual({ userId: m.id, verified: true });
    expect(event.key).toBe(m.id);
    const publicView = await h.api.get(`/api/user-stripe-data/${m.id}`);
    expect(publicView.body.data).toEqual({ user_id: m.id, is_kyc_verified: true });

    const processed = await h.api.post(
      '/api/stripe/process-verification-success',
      { userId: m.id, sessionId },
      m.token,
    );
    expect(processed.body.data).toMatchObject({ status: 'verified', is_kyc_verified: true });
    // Told once, however often it is confirmed.
    await eventually(
      async () => h.tap.all('identity.verified', (d) => d.userId === m.id).length === 1,
    );
  });

  it('does not take the client at its word: an unfinished session verifies nobody', async () => {
    const m = newMember();
    const { sessionId } = await startVerification(m);
    const r = await h.api.post(
      '/api/stripe/process-verification-success',
      { userId: m.id, sessionId },
      m.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'requires_input', is_kyc_verified: false });
    expect((await h.stripeData(m)).is_kyc_verified).toBe(false);
  });

  it('asks for another try when the document cannot be verified', async () => {
    const m = newMember();
    const { url, sessionId } = await startVerification(m);
    await h.api.call('POST', `${pathOf(url)}/fail`);
    const status = await h.api.get(`/api/stripe/verify-session-status/${sessionId}`, m.token);
    expect(status.body.data).toMatchObject({
      status: 'requires_input',
      verified: false,
      last_error: 'The document could not be verified.',
    });
    expect((await h.stripeData(m)).is_kyc_verified).toBe(false);
    expect(h.tap.all('identity.verified', (d) => d.userId === m.id)).toHaveLength(0);
  });
});
