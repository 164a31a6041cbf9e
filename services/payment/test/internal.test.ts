import { eventually, signTestToken } from '@swapbooth/test-kit';
import { newMember, startPayment, type Harness } from './support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startPayment();
});
afterAll(async () => {
  await h?.stop();
});

const adminToken = (permissions: Record<string, boolean>, role = 'staff') =>
  signTestToken('admin-1', {
    type: 'admin',
    audience: 'swapbooth-admin',
    extra: { role, permissions },
  });

async function subscribedMember() {
  const m = newMember();
  const customerId = await h.register(m);
  const session = await h.api.post(
    '/api/stripe/create-checkout-session',
    { priceId: 'price_swapbooth_yearly', customerId, userId: m.id },
    m.token,
  );
  await h.deps.sandbox!.payCheckout(session.body.sessionId);
  const data = await eventually(async () => {
    const d = await h.stripeData(m);
    return d.subscription_status === 'active' ? d : undefined;
  });
  return { m, subscriptionId: data.subscription_id as string };
}

describe('what the admin service may ask payment', () => {
  it('ends a member’s subscription now, and the member loses access once the provider confirms', async () => {
    const { m, subscriptionId } = await subscribedMember();
    const r = await h.api.call('POST', `/internal/subscriptions/${subscriptionId}/cancel`, {
      token: adminToken({ subscriptions: true }),
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: subscriptionId, status: 'canceled' });
    await eventually(async () => (await h.stripeData(m)).subscription_status === 'canceled');
    await h.tap.waitFor(
      'subscription.changed',
      (d) => d.userId === m.id && d.status === 'canceled',
    );
  });

  it('says which provider answers', async () => {
    const r = await h.api.get('/internal/provider', adminToken({}, 'executive'));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ provider: 'sandbox', mode: 'sandbox' });
  });

  it('refuses members, admins without the subscriptions permission, and unknown subscriptions', async () => {
    const { m, subscriptionId } = await subscribedMember();
    const path = `/internal/subscriptions/${subscriptionId}/cancel`;
    expect((await h.api.call('POST', path, { token: m.token })).status).toBe(401);
    expect((await h.api.call('POST', path)).status).toBe(401);
    const staff = await h.api.call('POST', path, { token: adminToken({ products: true }) });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe('This needs the subscriptions permission');
    const unknown = await h.api.call('POST', '/internal/subscriptions/sub_unknown/cancel', {
      token: adminToken({ subscriptions: true }),
    });
    expect(unknown.status).toBe(404);
    expect((await h.stripeData(m)).subscription_status).toBe('active');
  });
});
