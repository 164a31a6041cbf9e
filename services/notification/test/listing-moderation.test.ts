import { eventually } from '@swapbooth/test-kit';
import { newMember, startNotification, type Member, type NotificationHarness } from './harness';

jest.setTimeout(90_000);

let h: NotificationHarness;
beforeAll(async () => {
  h = await startNotification();
});
afterAll(async () => {
  await h?.stop();
});

interface Shown {
  notification_id: string;
  type: string;
  title: string;
  message: string;
  data: string;
}

const listOf = async (m: Member): Promise<Shown[]> => {
  const r = await h.call('GET', `/api/notifications/user/${m.id}`, m.token);
  expect(r.status).toBe(200);
  return r.body.data as Shown[];
};

const listed = async (productId: string, seller: Member, title: string) => {
  const now = new Date().toISOString();
  await h.publish('product.created', productId, {
    productId,
    userId: seller.id,
    slug: productId,
    title,
    description: 'd',
    category: 'c',
    type: 'item',
    tags: [],
    status: 'published',
    images: [],
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
  await eventually(
    async () => (await h.service.deps.titles.titles([productId])).length === 1,
    20_000,
  );
};

/** The event the admin service writes for PATCH /api/admin/products/{id}/status. */
const moderated = (
  productId: string,
  sellerId: string | undefined,
  requested: 'published' | 'hidden' | 'removed',
  status: string,
  reason?: string,
) =>
  h.publish('admin.action-taken', productId, {
    adminId: 'admin-1',
    action: 'product.status-set',
    targetType: 'product',
    targetId: productId,
    details: {
      ...(sellerId ? { sellerId } : {}),
      auditId: `audit-${productId}-${requested}`,
      before: { status: 'published' },
      after: { status, requested },
      ...(reason ? { reason } : {}),
    },
  });

describe('the seller hears about an admin moderating their listing', () => {
  it('tells the seller once that their listing was hidden, naming it and the reason, even when the event is delivered twice', async () => {
    const seller = newMember();
    const other = newMember();
    const productId = `prod-${seller.id}`;
    await listed(productId, seller, 'Red bike');

    const hidden = await moderated(productId, seller.id, 'hidden', 'suspended', 'Counterfeit');
    const db = h.service.ctx.conn.db!;
    const handled = () =>
      db
        .collection('processed_events')
        .countDocuments({ _id: `notification:${hidden.id}` as never });
    await eventually(async () => (await handled()) === 1, 30_000);
    // Redelivered as if the consumer died after handling and before recording the event as processed.
    await db
      .collection('processed_events')
      .deleteMany({ _id: `notification:${hidden.id}` as never });
    await h.send(hidden);
    // Admin actions that are not a listing moderation tell nobody.
    await h.publish('admin.action-taken', other.id, {
      adminId: 'admin-1',
      action: 'user.status-set',
      targetType: 'user',
      targetId: other.id,
      details: { sellerId: other.id, after: { status: 'suspended' }, reason: 'Spam' },
    });
    await moderated(`prod-${other.id}`, undefined, 'removed', 'removed', 'Spam');
    // Events of one topic are handled in order: once this one shows, the ones before it are done.
    await moderated(productId, seller.id, 'published', 'published');

    const items = await eventually(async () => {
      const all = (await listOf(seller)).filter((n) => n.type === 'listing_moderated');
      return all.some((n) => n.title === 'Your listing was published again') ? all : undefined;
    }, 30_000);

    const hiddenOnes = items.filter((n) => n.title === 'Your listing was hidden');
    expect(hiddenOnes).toHaveLength(1);
    expect(hiddenOnes[0]!.message).toBe(
      'Your listing "Red bike" was hidden by a moderator. Reason: Counterfeit',
    );
    expect(JSON.parse(hiddenOnes[0]!.data)).toEqual({ product_id: productId, status: 'hidden' });
    expect(items).toHaveLength(2);
    expect(items.find((n) => n.title === 'Your listing was published again')!.message).toBe(
      'Your listing "Red bike" was published again by a moderator',
    );
    // The redelivery was handled again (its consumer record is back), and made no second one.
    expect(await handled()).toBe(1);
    expect(await listOf(other)).toEqual([]);
  });

  it('tells the seller a listing it does not know the title of was removed, with the reason', async () => {
    const seller = newMember();
    const productId = `unknown-${seller.id}`;
    await moderated(productId, seller.id, 'removed', 'removed', 'Prohibited item');
    const n = await eventually(
      async () => (await listOf(seller)).find((x) => x.type === 'listing_moderated'),
      30_000,
    );
    expect(n.title).toBe('Your listing was removed');
    expect(n.message).toBe('Your listing was removed by a moderator. Reason: Prohibited item');
    expect(JSON.parse(n.data)).toEqual({ product_id: productId, status: 'removed' });
  });
});
