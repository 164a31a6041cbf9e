import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@swapbooth/test-kit';
import {
  bearer,
  dropIsolated,
  isolatedEnv,
  newAdmin,
  Publisher,
  startAdmin,
  type AdminService,
  type SignedInAdmin,
} from './support/harness';

const env = isolatedEnv();
let admin: AdminService;
let bus: Publisher;
let exec: SignedInAdmin;

beforeAll(async () => {
  admin = await startAdmin(env);
  bus = new Publisher(env.KAFKA_TOPIC_PREFIX!);
  await bus.start();
  exec = await newAdmin(admin, 'executive');
});
afterAll(async () => {
  await bus?.stop();
  await admin?.stop();
  await dropIsolated(env);
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const stats = async () => {
  const res = await request(admin.url).get('/api/admin/dashboard/stats').set(bearer(exec.token));
  expect(res.status).toBe(200);
  return res.body.data;
};

function listing(
  productId: string,
  userId: string,
  status: 'published' | 'suspended',
  version: number,
  createdAt: Date,
) {
  return {
    productId,
    userId,
    slug: productId,
    title: `Lamp ${productId}`,
    description: 'A lamp',
    category: 'Home',
    type: 'item' as const,
    tags: [],
    status,
    images: [],
    createdAt: createdAt.toISOString(),
    updatedAt: new Date().toISOString(),
    version,
  };
}

const proposal = (proposalId: string) => ({
  proposalId,
  senderId: 'u-a',
  receiverId: 'u-b',
  productIds: ['p1'],
  offeredProductIds: ['p2'],
});

it('counts members, listings, proposals, subscriptions, verifications and reports from events, with 30 daily figures', async () => {
  const [u1, u2, u3] = [randomUUID(), randomUUID(), randomUUID()];
  const [p1, p2] = [randomUUID(), randomUUID()];
  const [x1, x2] = [randomUUID(), randomUUID()];
  await bus.send(
    bus.event(
      'user.registered',
      u1,
      { userId: u1, email: 'one@example.test', authMethod: 'email' },
      daysAgo(2),
    ),
    bus.event(
      'user.registered',
      u2,
      { userId: u2, email: 'two@example.test', authMethod: 'email' },
      daysAgo(10),
    ),
    bus.event(
      'user.registered',
      u3,
      { userId: u3, email: 'three@example.test', authMethod: 'google' },
      daysAgo(40),
    ),
    bus.event('user.status-changed', u2, {
      userId: u2,
      status: 'suspended',
      previousStatus: 'active',
    }),
    bus.event('identity.verified', u1, { userId: u1, verified: true }),
    bus.event('product.created', p1, listing(p1, u1, 'published', 1, daysAgo(1))),
    bus.event('product.created', p2, listing(p2, u1, 'published', 1, daysAgo(3))),
    bus.event('product.status-changed', p2, {
      ...listing(p2, u1, 'suspended', 2, daysAgo(3)),
      previousStatus: 'published',
    }),
    bus.event('proposal.created', x1, proposal(x1), daysAgo(5)),
    bus.event('proposal.accepted', x1, proposal(x1), daysAgo(4)),
    bus.event('proposal.completed', x1, proposal(x1), daysAgo(1)),
    bus.event('proposal.created', x2, proposal(x2), daysAgo(1)),
    bus.event('subscription.changed', u1, {
      userId: u1,
      status: 'active',
      subscriptionId: 'sub_1',
    }),
    bus.event('subscription.changed', u3, {
      userId: u3,
      status: 'canceled',
      subscriptionId: 'sub_3',
    }),
    bus.event('report.filed', 'r1', {
      reportId: randomUUID(),
      reporterId: u1,
      targetType: 'product',
      targetId: p2,
      reason: 'scam_or_fraud',
    }),
  );

  const s = await eventually(async () => {
    const d = await stats();
    return d.openReports === 1 &&
      d.activeSubscriptions === 1 &&
      d.proposals.total === 2 &&
      d.members.verified === 1 &&
      d.listings.byStatus.suspended === 1 &&
      d.members.suspended === 1
      ? d
      : undefined;
  }, 20_000);

  expect(s.members).toEqual({
    total: 3,
    newLast7Days: 1,
    newLast30Days: 2,
    suspended: 1,
    verified: 1,
  });
  expect(s.listings).toEqual({ total: 2, byStatus: { published: 1, suspended: 1 } });
  expect(s.proposals).toEqual({ total: 2, byStatus: { completed: 1, pending: 1 } });
  expect(s.completedExchanges).toBe(1);
  expect(s.daily).toHaveLength(30);
  const day = (d: Date) =>
    s.daily.find((x: { date: string }) => x.date === d.toISOString().slice(0, 10));
  expect(s.daily.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
  expect(day(daysAgo(2))).toMatchObject({ signUps: 1 });
  expect(day(daysAgo(1))).toMatchObject({ newListings: 1, proposals: 1, completedExchanges: 1 });
  const sum = (k: string) => s.daily.reduce((n: number, x: Record<string, number>) => n + x[k]!, 0);
  expect(sum('signUps')).toBe(2);
  expect(sum('newListings')).toBe(2);
  expect(sum('proposals')).toBe(2);
});

it('counts an exchange with a problem reported as disputed until the dispute settles it', async () => {
  const x = randomUUID();
  const before = await stats();
  const disputed = (before.proposals.byStatus.disputed ?? 0) as number;
  const opened = {
    disputeId: randomUUID(),
    proposalId: x,
    openedBy: 'u-a',
    respondentId: 'u-b',
    reason: 'damaged',
    status: 'open',
    answerDueAt: new Date(Date.now() + 3 * DAY).toISOString(),
  };
  await bus.send(
    bus.event('proposal.created', x, proposal(x), daysAgo(3)),
    bus.event('proposal.accepted', x, proposal(x), daysAgo(2)),
  );
  await bus.send(bus.event('dispute.opened', opened.disputeId, opened, daysAgo(1)));
  await eventually(async () => {
    const d = await stats();
    return d.proposals.byStatus.disputed === disputed + 1 ? d : undefined;
  }, 20_000);

  await bus.send(
    bus.event(
      'proposal.cancelled',
      x,
      { ...proposal(x), previousStatus: 'accepted', reason: 'dispute' },
      new Date(),
    ),
  );
  const after = await eventually(async () => {
    const d = await stats();
    return (d.proposals.byStatus.disputed ?? 0) === disputed ? d : undefined;
  }, 20_000);
  expect(after.proposals.byStatus.cancelled).toBe((before.proposals.byStatus.cancelled ?? 0) + 1);
});

it('applies a re-delivered event once, and an older version of a listing not at all', async () => {
  const u = randomUUID();
  const p = randomUUID();
  const before = await stats();
  const registered = bus.event('user.registered', u, {
    userId: u,
    email: 'again@example.test',
    authMethod: 'email',
  });
  const created = bus.event('product.created', p, listing(p, u, 'published', 3, new Date()));
  const stale = bus.event('product.updated', p, listing(p, u, 'suspended', 2, new Date()));
  await bus.send(registered, registered, created, created, stale);
  // A marker sent last: once it is counted, everything before it on its topic has been applied.
  const marker = randomUUID();
  await bus.send(
    bus.event('product.created', marker, listing(marker, u, 'published', 1, new Date())),
  );
  const after = await eventually(async () => {
    const d = await stats();
    return d.listings.total === before.listings.total + 2 &&
      d.members.total === before.members.total + 1
      ? d
      : undefined;
  }, 20_000);
  expect(after.listings.byStatus.published).toBe((before.listings.byStatus.published ?? 0) + 2);
  expect(after.daily.at(-1).signUps).toBe(before.daily.at(-1).signUps + 1);
});

it('needs the dashboard permission', async () => {
  const staff = await newAdmin(admin, 'staff', 'products');
  const res = await request(admin.url).get('/api/admin/dashboard/stats').set(bearer(staff.token));
  expect(res.status).toBe(403);
  expect(res.body.message).toBe('This needs the dashboard permission');
});

describe('the users and listings screens read the projection', () => {
  it('finds members by name, e-mail or username, filters by status and pages', async () => {
    const tag = randomUUID().slice(0, 6);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await bus.send(
      ...ids.map((id, i) =>
        bus.event('user.registered', id, {
          userId: id,
          email: `m${i}-${tag}@example.test`,
          authMethod: 'email',
        }),
      ),
      bus.event('user.profile-updated', ids[0]!, {
        userId: ids[0]!,
        firstName: 'Grace',
        lastName: `Hopper${tag}`,
        username: `gh${tag}`,
        version: 1,
      }),
      // An older profile version arriving late changes nothing.
      bus.event('user.profile-updated', ids[0]!, {
        userId: ids[0]!,
        firstName: 'Old',
        lastName: 'Name',
        version: 0,
      }),
      bus.event('user.status-changed', ids[2]!, {
        userId: ids[2]!,
        status: 'suspended',
        previousStatus: 'active',
      }),
    );
    const users = (query: Record<string, string | number>) =>
      request(admin.url).get('/api/admin/users').query(query).set(bearer(exec.token));

    const byName = await eventually(async () => {
      const res = await users({ search: `hopper${tag}` });
      return res.body.data.users.length === 1 ? res.body.data.users[0] : undefined;
    }, 20_000);
    expect(byName).toMatchObject({
      user_id: ids[0],
      first_name: 'Grace',
      username: `gh${tag}`,
      email: `m0-${tag}@example.test`,
    });
    expect((await users({ search: `GH${tag}` })).body.data.users).toHaveLength(1);
    await eventually(
      async () => (await users({ search: tag, status: 'suspended' })).body.data.users.length === 1,
      20_000,
    );
    const page1 = await users({ search: tag, limit: 2, page: 1 });
    const page2 = await users({ search: tag, limit: 2, page: 2 });
    expect(page1.body.data).toMatchObject({ totalCount: 3, totalPages: 2, page: 1 });
    expect(page1.body.data.users).toHaveLength(2);
    expect(page2.body.data.users).toHaveLength(1);
    expect((await users({ status: 'gone' })).status).toBe(400);
  });

  it('filters listings by status, category and seller', async () => {
    const seller = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    await bus.send(
      bus.event('product.created', a, {
        ...listing(a, seller, 'published', 1, new Date()),
        category: 'Books',
      }),
      bus.event('product.created', b, listing(b, seller, 'published', 1, new Date())),
    );
    const products = (query: Record<string, string>) =>
      request(admin.url).get('/api/admin/products').query(query).set(bearer(exec.token));
    await eventually(
      async () => (await products({ seller })).body.data.products.length === 2,
      20_000,
    );
    const books = await products({ seller, category: 'Books' });
    expect(books.body.data.products.map((p: { product_id: string }) => p.product_id)).toEqual([a]);
    expect((await products({ seller, status: 'suspended' })).body.data.products).toEqual([]);
  });
});
