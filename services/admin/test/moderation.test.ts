import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@swapbooth/test-kit';
import { signUp, PASSWORD as MEMBER_PASSWORD } from '../../auth/test/support/accounts';
import { Topics } from '@swapbooth/contracts';
import { bearer, newAdmin, Publisher, Tap, type SignedInAdmin } from './support/harness';
import { startPlatform, type Platform } from './support/platform';

let p: Platform;
let executive: SignedInAdmin;
let staffProducts: SignedInAdmin;

beforeAll(async () => {
  p = await startPlatform();
  executive = await newAdmin(p.admin, 'executive');
  staffProducts = await newAdmin(p.admin, 'staff', 'products');
}, 120_000);
afterAll(async () => {
  await p?.stop();
});

const word = () => `zq${randomBytes(4).toString('hex')}`;

async function memberWithListing() {
  const m = await signUp(p.auth.url);
  const addressId = p.addresses.addAddress(m.userId, {
    zip_code: '10001',
    city: 'New York',
    state: 'NY',
  });
  const title = `Lamp ${word()}`;
  const res = await request(p.catalog.url)
    .post('/api/product')
    .set(bearer(m.token))
    .send({
      title,
      description: 'A brass desk lamp.',
      category: 'Electronics',
      subCategory: 'Phones',
      condition: 'good',
      type: 'item',
      tags: ['lamp'],
      addressId,
    });
  if (res.status !== 201) throw new Error(`listing: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...m, productId: res.body.data.product_id as string, title };
}

const inSearch = async (title: string) => {
  const res = await request(p.search.url).get('/api/search').query({ query: title, type: 'all' });
  return ((res.body.data?.products ?? []) as Array<{ title: string }>).some(
    (x) => x.title === title,
  );
};
const inSellerList = async (userId: string, productId: string) => {
  const res = await request(p.catalog.url).get(`/api/product/published-by-user/${userId}`);
  const list = (res.body.data?.products ?? res.body.data ?? []) as Array<{ product_id: string }>;
  return list.some((x) => x.product_id === productId);
};
const signIn = (email: string) =>
  request(p.auth.url)
    .post('/api/auth/login')
    .send({ email, password: MEMBER_PASSWORD, authMethod: 'email' });
const audit = async (query: Record<string, string>) => {
  const res = await request(p.admin.url)
    .get('/api/admin/audit')
    .query(query)
    .set(bearer(executive.token));
  expect(res.status).toBe(200);
  return res.body.data.entries as Array<Record<string, unknown>>;
};

describe('suspending a member', () => {
  it('refuses their sign-in, ends their sessions, takes their listings out of search, and reverses on reactivation', async () => {
    const m = await memberWithListing();
    await eventually(() => inSearch(m.title), 20_000);
    expect(await inSellerList(m.userId, m.productId)).toBe(true);

    // The member appears in the admin's user list (from user.registered) with their e-mail.
    const listed = await eventually(async () => {
      const res = await request(p.admin.url)
        .get('/api/admin/users')
        .query({ search: m.email })
        .set(bearer(executive.token));
      return res.body.data?.users?.[0];
    }, 20_000);
    expect(listed).toMatchObject({ user_id: m.userId, email: m.email, status: 'active' });

    const suspend = await request(p.admin.url)
      .patch(`/api/admin/users/${m.userId}/status`)
      .set(bearer(executive.token))
      .send({ status: 'suspended', reason: 'Selling counterfeit goods' });
    expect(suspend.status).toBe(200);
    expect(suspend.body.data).toMatchObject({
      user_id: m.userId,
      status: 'suspended',
      previous_status: 'active',
    });

    expect((await request(p.auth.url).get('/api/profile').set(bearer(m.token))).status).toBe(401);
    const refresh = await request(p.auth.url).post('/api/auth/refresh').set('Cookie', m.cookie);
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    const refused = await signIn(m.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account is suspended. Please contact support.');
    const gone = Date.now();
    await eventually(async () => !(await inSearch(m.title)), 20_000);
    const searchMs = Date.now() - gone;
    await eventually(async () => !(await inSellerList(m.userId, m.productId)), 20_000);
    await eventually(async () => {
      const res = await request(p.admin.url)
        .get('/api/admin/users')
        .query({ status: 'suspended', search: m.email })
        .set(bearer(executive.token));
      return res.body.data.users.length === 1;
    }, 20_000);
    console.log(`listing left search ${searchMs} ms after the suspension answered`);

    const reactivate = await request(p.admin.url)
      .patch(`/api/admin/users/${m.userId}/status`)
      .set(bearer(executive.token))
      .send({ status: 'active', reason: 'Appeal accepted' });
    expect(reactivate.status).toBe(200);
    expect((await signIn(m.email)).status).toBe(200);
    await eventually(() => inSearch(m.title), 20_000);
    await eventually(() => inSellerList(m.userId, m.productId), 20_000);

    const entries = await audit({ target_id: m.userId });
    expect(entries.map((e) => [e.action, e.before, e.after, e.reason])).toEqual([
      ['user.status-set', { status: 'suspended' }, { status: 'active' }, 'Appeal accepted'],
      [
        'user.status-set',
        { status: 'active' },
        { status: 'suspended' },
        'Selling counterfeit goods',
      ],
    ]);
    expect(entries[0]).toMatchObject({
      admin_id: executive.id,
      admin_email: executive.email,
      outcome: 'succeeded',
    });

    // Each action also went out as admin.action-taken, through the outbox.
    const tap = new Tap(p.env.KAFKA_TOPIC_PREFIX!, Topics.admin);
    await tap.start();
    const published = await eventually(() => {
      const mine = tap.seen.filter(
        (e) => e.type === 'admin.action-taken' && e.subject === m.userId,
      );
      return mine.length === 2 ? mine : undefined;
    }, 20_000);
    await tap.stop();
    expect(published.map((e) => e.data)).toEqual([
      {
        adminId: executive.id,
        action: 'user.status-set',
        targetType: 'user',
        targetId: m.userId,
        details: {
          auditId: entries[1]!.audit_id,
          before: { status: 'active' },
          after: { status: 'suspended' },
          reason: 'Selling counterfeit goods',
        },
      },
      {
        adminId: executive.id,
        action: 'user.status-set',
        targetType: 'user',
        targetId: m.userId,
        details: {
          auditId: entries[0]!.audit_id,
          before: { status: 'suspended' },
          after: { status: 'active' },
          reason: 'Appeal accepted',
        },
      },
    ]);
  });

  it('answers 404 for a member auth does not know', async () => {
    const res = await request(p.admin.url)
      .patch('/api/admin/users/507f1f77bcf86cd799439011/status')
      .set(bearer(executive.token))
      .send({ status: 'suspended', reason: 'spam' });
    expect(res.status).toBe(404);
    // The refusal is in the audit log too, and nothing was published for it.
    const [entry] = await audit({ target_id: '507f1f77bcf86cd799439011' });
    expect(entry).toMatchObject({
      action: 'user.status-set',
      outcome: 'failed',
      after: { status: 'suspended' },
      reason: 'spam',
      details: { code: 'not_found' },
    });
  });
});

describe('moderating a listing', () => {
  it('lets a staff admin with only products hide a listing (catalog: suspended) and publish it again', async () => {
    const m = await memberWithListing();
    await eventually(() => inSearch(m.title), 20_000);
    const listed = await eventually(async () => {
      const res = await request(p.admin.url)
        .get('/api/admin/products')
        .query({ seller: m.userId })
        .set(bearer(staffProducts.token));
      return res.body.data?.products?.[0];
    }, 20_000);
    expect(listed).toMatchObject({
      product_id: m.productId,
      title: m.title,
      status: 'published',
      seller_id: m.userId,
    });

    const hide = await request(p.admin.url)
      .patch(`/api/admin/products/${m.productId}/status`)
      .set(bearer(staffProducts.token))
      .send({ status: 'hidden', reason: 'Prohibited item' });
    expect(hide.status).toBe(200);
    expect(hide.body.data).toMatchObject({
      status: 'suspended',
      requested: 'hidden',
      previous_status: 'published',
    });
    await eventually(async () => !(await inSearch(m.title)), 20_000);
    await eventually(async () => {
      const res = await request(p.admin.url)
        .get('/api/admin/products')
        .query({ status: 'suspended', seller: m.userId })
        .set(bearer(staffProducts.token));
      return res.body.data.products.length === 1;
    }, 20_000);

    const owner = await request(p.catalog.url)
      .put(`/api/product/${m.productId}`)
      .set(bearer(m.token))
      .send({ status: 'published' });
    expect(owner.status).toBeGreaterThanOrEqual(400);

    const publish = await request(p.admin.url)
      .patch(`/api/admin/products/${m.productId}/status`)
      .set(bearer(staffProducts.token))
      .send({ status: 'published' });
    expect(publish.status).toBe(200);
    await eventually(() => inSearch(m.title), 20_000);

    const entries = await audit({ target_type: 'product', target_id: m.productId });
    expect(entries.map((e) => e.after)).toEqual([
      { status: 'published', requested: 'published' },
      { status: 'suspended', requested: 'hidden' },
    ]);
    expect(entries[1]).toMatchObject({
      admin_id: staffProducts.id,
      reason: 'Prohibited item',
      before: { status: 'published' },
      details: { sellerId: m.userId },
    });

    // admin.action-taken names the seller, so the notification service can tell them.
    const tap = new Tap(p.env.KAFKA_TOPIC_PREFIX!, Topics.admin);
    await tap.start();
    const hidden = await eventually(
      () => tap.seen.find((e) => e.type === 'admin.action-taken' && e.subject === m.productId),
      20_000,
    );
    await tap.stop();
    expect(hidden.data).toMatchObject({
      action: 'product.status-set',
      targetType: 'product',
      details: {
        sellerId: m.userId,
        after: { status: 'suspended', requested: 'hidden' },
        reason: 'Prohibited item',
      },
    });
  });

  it('refuses the same staff admin on members, and answers a removed listing a 409 on republishing', async () => {
    const users = await request(p.admin.url)
      .get('/api/admin/users')
      .set(bearer(staffProducts.token));
    expect(users.status).toBe(403);
    const m = await memberWithListing();
    const remove = await request(p.admin.url)
      .patch(`/api/admin/products/${m.productId}/status`)
      .set(bearer(executive.token))
      .send({ status: 'removed', reason: 'Duplicate' });
    expect(remove.status).toBe(200);
    const again = await request(p.admin.url)
      .patch(`/api/admin/products/${m.productId}/status`)
      .set(bearer(executive.token))
      .send({ status: 'published' });
    expect(again.status).toBe(409);
  });
});

describe('reports', () => {
  it('queues a filed report and resolves it as actioned, linked to the action taken', async () => {
    const m = await memberWithListing();
    const reporter = await signUp(p.auth.url);
    const filed = await request(p.catalog.url)
      .post('/api/reports')
      .set(bearer(reporter.token))
      .send({
        targetType: 'product',
        targetId: m.productId,
        reason: 'counterfeit',
        details: 'Fake brand',
      });
    expect(filed.status).toBeLessThan(300);
    const queued = await eventually(async () => {
      const res = await request(p.admin.url)
        .get('/api/admin/reports')
        .query({ status: 'open' })
        .set(bearer(executive.token));
      return (res.body.data?.reports ?? []).find(
        (r: { target_id: string }) => r.target_id === m.productId,
      );
    }, 20_000);
    expect(queued).toMatchObject({
      target_type: 'product',
      reporter_id: reporter.userId,
      reason: 'counterfeit',
      status: 'open',
    });

    const hide = await request(p.admin.url)
      .patch(`/api/admin/products/${m.productId}/status`)
      .set(bearer(executive.token))
      .send({ status: 'hidden', reason: 'Reported counterfeit' });
    const resolved = await request(p.admin.url)
      .patch(`/api/admin/reports/${queued.report_id}`)
      .set(bearer(executive.token))
      .send({
        resolution: 'actioned',
        action_audit_id: hide.body.data.audit_id,
        note: 'Listing hidden',
      });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({
      report: {
        status: 'actioned',
        action_audit_id: hide.body.data.audit_id,
        resolved_by: executive.id,
      },
      catalog_synced: true,
    });
    const twice = await request(p.admin.url)
      .patch(`/api/admin/reports/${queued.report_id}`)
      .set(bearer(executive.token))
      .send({ resolution: 'dismissed' });
    expect(twice.status).toBe(409);
  });
});

describe('member reports', () => {
  it('queues a report of a member beside the listing reports, for admins of the reports area only', async () => {
    const reported = await signUp(p.auth.url);
    const reporter = await signUp(p.auth.url);
    const filed = await request(p.catalog.url)
      .post('/api/reports')
      .set(bearer(reporter.token))
      .send({
        targetType: 'user',
        targetId: reported.userId,
        reason: 'harassment',
        details: 'Insults in the chat',
      });
    expect(filed.status).toBe(201);

    const moderator = await newAdmin(p.admin, 'staff', 'reports');
    const memberReports = (token: string) =>
      request(p.admin.url).get('/api/admin/reports/members').set(bearer(token));
    const queued = await eventually(async () => {
      const res = await memberReports(moderator.token);
      // Once both the report and the member's registration have reached the projection.
      return (res.body.data?.reports ?? []).find(
        (r: { target_id: string; member: unknown }) =>
          r.target_id === reported.userId && r.member !== null,
      );
    }, 20_000);
    expect(queued).toMatchObject({
      target_type: 'user',
      reporter_id: reporter.userId,
      reason: 'harassment',
      status: 'open',
      open_reports_on_member: 1,
      // The moderator sees who was reported, but their e-mail only with the users area.
      member: { user_id: reported.userId, email: null, status: 'active' },
    });
    const byExecutive = (await memberReports(executive.token)).body.data.reports.find(
      (r: { report_id: string }) => r.report_id === queued.report_id,
    );
    expect(byExecutive.member.email).toBe(reported.email);

    // Only reports of members are in this list; the listing reports queue has it too.
    const all = (await memberReports(executive.token)).body.data.reports as Array<{
      target_type: string;
    }>;
    expect(all.every((r) => r.target_type === 'user')).toBe(true);

    expect((await memberReports(staffProducts.token)).status).toBe(403);
    expect((await request(p.admin.url).get('/api/admin/reports/members')).status).toBe(401);
  });
});

describe('subscriptions', () => {
  it('lists subscriptions as payment announced them, filtered by status', async () => {
    const bus = new Publisher(p.env.KAFKA_TOPIC_PREFIX!);
    await bus.start();
    const [a, b] = [`u${word()}`, `u${word()}`];
    await bus.send(
      bus.event('subscription.changed', a, {
        userId: a,
        status: 'active',
        subscriptionId: `sub_${a}`,
        customerId: `cus_${a}`,
      }),
      bus.event('subscription.changed', b, {
        userId: b,
        status: 'canceled',
        subscriptionId: `sub_${b}`,
      }),
    );
    await bus.stop();
    const active = await eventually(async () => {
      const res = await request(p.admin.url)
        .get('/api/admin/subscriptions')
        .query({ status: 'active', user: a })
        .set(bearer(executive.token));
      return res.body.data?.subscriptions?.[0];
    }, 20_000);
    expect(active).toMatchObject({
      user_id: a,
      subscription_id: `sub_${a}`,
      customer_id: `cus_${a}`,
      status: 'active',
    });
    const res = await request(p.admin.url)
      .get('/api/admin/subscriptions')
      .query({ status: 'active', user: b })
      .set(bearer(executive.token));
    expect(res.body.data.subscriptions).toEqual([]);
  });

  it('cancels a member’s subscription through payment, and the list follows payment’s event', async () => {
    const m = await signUp(p.auth.url);
    const payment = p.payment.deps as {
      payments: { account(id: string): Promise<{ customerId?: string } | undefined> };
      sandbox: { payCheckout(sessionId: string): Promise<unknown> };
    };
    const customerId = await eventually(
      async () => (await payment.payments.account(m.userId))?.customerId,
      20_000,
    );
    const session = await request(p.payment.url)
      .post('/api/stripe/create-checkout-session')
      .set(bearer(m.token))
      .send({ priceId: 'price_swapbooth_yearly', customerId, userId: m.userId });
    expect(session.status).toBe(200);
    await payment.sandbox.payCheckout(session.body.sessionId);

    const listed = await eventually(async () => {
      const res = await request(p.admin.url)
        .get('/api/admin/subscriptions')
        .query({ user: m.userId, status: 'active' })
        .set(bearer(executive.token));
      return res.body.data?.subscriptions?.[0];
    }, 30_000);
    const cancel = await request(p.admin.url)
      .patch(`/api/admin/subscriptions/${listed.subscription_id}/cancel`)
      .set(bearer(executive.token))
      .send({ reason: 'Chargeback' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({
      subscription_id: listed.subscription_id,
      status: 'canceled',
    });
    await eventually(async () => {
      const res = await request(p.admin.url)
        .get('/api/admin/subscriptions')
        .query({ user: m.userId, status: 'canceled' })
        .set(bearer(executive.token));
      return res.body.data.subscriptions.length === 1;
    }, 30_000);
    const [entry] = await audit({ target_type: 'subscription', target_id: listed.subscription_id });
    expect(entry).toMatchObject({
      action: 'subscription.cancelled',
      before: { status: 'active', user_id: m.userId },
      after: { status: 'canceled' },
      reason: 'Chargeback',
      outcome: 'succeeded',
    });
  });

  it('answers 404 for a subscription payment does not know', async () => {
    const res = await request(p.admin.url)
      .patch('/api/admin/subscriptions/sub_123/cancel')
      .set(bearer(executive.token))
      .send({ reason: 'Chargeback' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Subscription not found');
  });

  it('names the payment provider that answers (the local sandbox here)', async () => {
    const res = await request(p.admin.url)
      .get('/api/admin/test-stripe')
      .set(bearer(executive.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ reachable: true, provider: 'sandbox', mode: 'sandbox' });
  });
});
