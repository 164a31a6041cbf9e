import { notificationListResponse } from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';
import {
  newMember,
  newProposalId,
  proposalFacts,
  startNotification,
  type Member,
  type NotificationHarness,
} from './harness';

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
  is_read: boolean;
  created_at: string;
}

const listOf = async (m: Member): Promise<{ items: Shown[]; unread: number }> => {
  const r = await h.call('GET', `/api/notifications/user/${m.id}`, m.token);
  expect(r.status).toBe(200);
  // The shape the web client reads (packages/contracts).
  notificationListResponse.parse(r.body.data);
  return { items: r.body.data as Shown[], unread: r.body.unread_count as number };
};

/** Waits until the member has a notification of this type (and returns it). */
const waitForType = (m: Member, type: string, timeoutMs = 20_000) =>
  eventually(async () => (await listOf(m)).items.find((n) => n.type === type), timeoutMs);

const GATE = 'Someone sent a proposal for your listing/s. Subscribe to view details';

describe('notifications built from events', () => {
  it('tells a receiver without a subscription only that someone sent a proposal, and names sender and listings once subscribed', async () => {
    const sender = newMember();
    const receiver = newMember();
    await h.publish('user.profile-updated', sender.id, {
      userId: sender.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      version: 1,
    });
    await h.publish('product.created', 'r1x', {
      productId: `r1-${receiver.id}`,
      userId: receiver.id,
      slug: 'bike',
      title: 'Red bike',
      description: 'd',
      category: 'c',
      type: 'item',
      tags: [],
      status: 'published',
      images: [],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      version: 1,
    });
    // The listing's title and the sender's name are known before the proposal arrives.
    await eventually(
      async () => (await h.service.deps.titles.titles([`r1-${receiver.id}`])).length === 1,
      20_000,
    );
    await eventually(
      async () => (await h.service.deps.members.get(sender.id)).displayName === 'Ada Lovelace',
      20_000,
    );

    const id = newProposalId();
    await h.publish('proposal.created', id, {
      ...proposalFacts(id, sender, receiver, sender.id),
      productIds: [`r1-${receiver.id}`],
    });
    const gated = await waitForType(receiver, 'exchange_proposal');
    expect(gated.message).toBe(GATE);
    expect(gated.is_read).toBe(false);
    expect(JSON.parse(gated.data)).toEqual({ proposal_id: id });
    expect(JSON.stringify(gated)).not.toContain('Ada');

    await h.publish('subscription.changed', receiver.id, {
      userId: receiver.id,
      status: 'trialing',
    });
    const open = await eventually(async () => {
      const n = (await listOf(receiver)).items.find((x) => x.type === 'exchange_proposal');
      return n && n.message !== GATE ? n : undefined;
    }, 20_000);
    expect(open.message).toBe('Ada Lovelace sent you a proposal for "Red bike"');
    expect((await listOf(sender)).items.filter((n) => n.type === 'exchange_proposal')).toEqual([]);
  });

  it('sends each step of a proposal to the party who did not take it, and nothing to anyone else', async () => {
    const s = newMember();
    const r = newMember();
    const stranger = newMember();
    const id = newProposalId();
    const facts = (actor?: string) => proposalFacts(id, s, r, actor);
    await h.publish('proposal.created', id, facts(s.id));
    await h.publish('proposal.countered', id, { ...facts(r.id), counteredBy: r.id });
    await h.publish('proposal.accepted', id, facts(s.id));
    await h.publish('proposal.shipping-updated', id, {
      ...facts(s.id),
      userId: s.id,
      type: 'sender',
      status: 'shipped',
    });
    await h.publish('proposal.shipping-updated', id, {
      ...facts(r.id),
      userId: r.id,
      type: 'receiver',
      status: 'delivered',
    });
    await h.publish('proposal.completed', id, facts(r.id));
    await h.publish('proposal.unavailable', id, { ...facts(), unavailableProductIds: ['r1'] });

    const forReceiver = [
      'exchange_proposal',
      'proposal_accepted',
      'proposal_shipped',
      'proposal_unavailable',
    ];
    const forSender = [
      'proposal_countered',
      'proposal_delivered',
      'proposal_completed',
      'proposal_unavailable',
    ];
    const types = async (m: Member) => (await listOf(m)).items.map((n) => n.type).sort();
    await eventually(
      async () =>
        (await types(r)).length === forReceiver.length &&
        (await types(s)).length === forSender.length,
      30_000,
    );
    expect(await types(r)).toEqual([...forReceiver].sort());
    expect(await types(s)).toEqual([...forSender].sort());
    for (const n of [...(await listOf(r)).items, ...(await listOf(s)).items]) {
      expect(JSON.parse(n.data)).toEqual({ proposal_id: id });
    }
    expect((await listOf(stranger)).items).toEqual([]);

    // A rejection and a cancellation reach the other party too.
    const id2 = newProposalId();
    await h.publish('proposal.created', id2, proposalFacts(id2, s, r, s.id));
    await h.publish('proposal.rejected', id2, proposalFacts(id2, s, r, r.id));
    const rejected = await waitForType(s, 'proposal_rejected');
    expect(JSON.parse(rejected.data)).toEqual({ proposal_id: id2 });
    const id3 = newProposalId();
    await h.publish('proposal.created', id3, proposalFacts(id3, s, r, s.id));
    await h.publish('proposal.cancelled', id3, proposalFacts(id3, s, r, s.id));
    await waitForType(r, 'proposal_cancelled');
  });

  it('tells members of messages (one unread per conversation), ratings, followers, subscriptions and verification', async () => {
    const a = newMember();
    const b = newMember();
    await h.publish('user.profile-updated', a.id, { userId: a.id, username: 'ada', version: 1 });
    // b subscribes: a message about a proposal names its sender only to a member who may see it.
    await h.publish('subscription.changed', b.id, { userId: b.id, status: 'active' });
    await eventually(async () => {
      const m = await h.service.deps.members.get(a.id);
      const n = await h.service.deps.members.get(b.id);
      return m.displayName === 'ada' && n.subscriptionStatus === 'active';
    }, 20_000);
    const msg = (n: number) => ({
      messageId: `m${n}-${a.id}`,
      conversationId: `conv_p-${a.id}`,
      proposalId: `p-${a.id}`,
      senderId: a.id,
      recipientId: b.id,
    });
    await h.publish('chat.message-sent', 'c', msg(1));
    await waitForType(b, 'new_message');
    await h.publish('chat.message-sent', 'c', msg(2));
    const collapsed = await eventually(async () => {
      const all = (await listOf(b)).items.filter((n) => n.type === 'new_message');
      return all.length === 1 && all[0]!.message === '2 new messages from ada' ? all[0] : undefined;
    }, 20_000);
    expect(JSON.parse(collapsed.data)).toMatchObject({ proposal_id: `p-${a.id}` });

    await h.publish('rating.created', 'rt', {
      ratingId: `rt-${a.id}`,
      proposalId: `p-${a.id}`,
      raterId: a.id,
      ratedUserId: b.id,
      ratingValue: 5,
      averageRating: 5,
      ratingCount: 1,
    });
    await h.publish('user.followed', a.id, { followerId: a.id, followingId: b.id });
    await h.publish('subscription.changed', b.id, { userId: b.id, status: 'active' });
    await h.publish('identity.verified', b.id, { userId: b.id, verified: true });
    expect((await waitForType(b, 'new_rating')).message).toBe('ada rated you 5 hearts');
    expect((await waitForType(b, 'new_follower')).message).toBe('ada started following you');
    await waitForType(b, 'subscription_changed');
    await waitForType(b, 'identity_verified');
    expect((await listOf(a)).items).toEqual([]);
  });

  it('tells a member of one follow by the same member a day, however often they unfollow and follow again', async () => {
    const fan = newMember();
    const other = newMember();
    const star = newMember();
    for (let i = 0; i < 4; i++) {
      await h.publish('user.followed', star.id, { followerId: fan.id, followingId: star.id });
      await h.publish('user.unfollowed', star.id, { followerId: fan.id, followingId: star.id });
    }
    // Same topic and key: once the other member's follow is in, all of the above were handled.
    await h.publish('user.followed', star.id, { followerId: other.id, followingId: star.id });
    await eventually(
      async () =>
        (await listOf(star)).items.some((n) => JSON.parse(n.data).follower_id === other.id),
      20_000,
    );
    const fromFan = (await listOf(star)).items.filter(
      (n) => n.type === 'new_follower' && JSON.parse(n.data).follower_id === fan.id,
    );
    expect(fromFan).toHaveLength(1);
  });

  it('creates one notification when an event is delivered twice, even past the consumer record', async () => {
    const s = newMember();
    const r = newMember();
    const id = newProposalId();
    const env = await h.publish('proposal.accepted', id, proposalFacts(id, s, r, r.id));
    await waitForType(s, 'proposal_accepted');
    await h.send(env);
    // As if the consumer died after handling and before recording the event as processed.
    const db = h.service.ctx.conn.db!;
    await db.collection('processed_events').deleteMany({ _id: `notification:${env.id}` as never });
    await h.send(env);
    const sentinel = await h.publish('proposal.rejected', id, proposalFacts(id, s, r, r.id));
    await waitForType(s, 'proposal_rejected');
    await eventually(
      async () =>
        (await db
          .collection('processed_events')
          .countDocuments({ _id: `notification:${env.id}` as never })) === 1,
      20_000,
    );
    expect(sentinel.id).not.toBe(env.id);
    expect((await listOf(s)).items.filter((n) => n.type === 'proposal_accepted')).toHaveLength(1);
  });
});

describe('a member’s notifications', () => {
  it('lists newest first with the unread count, pages, marks one and then all read', async () => {
    const s = newMember();
    const r = newMember();
    const ids = [newProposalId(), newProposalId(), newProposalId()];
    for (const id of ids) {
      await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
      await eventually(
        async () => (await listOf(r)).items.some((n) => JSON.parse(n.data).proposal_id === id),
        20_000,
      );
    }
    const { items, unread } = await listOf(r);
    expect(unread).toBe(3);
    expect(items.map((n) => JSON.parse(n.data).proposal_id)).toEqual([...ids].reverse());
    const page2 = await h.call('GET', `/api/notifications/user/${r.id}?page=2&limit=2`, r.token);
    expect(page2.body).toMatchObject({ total: 3, unread_count: 3, page: 2, limit: 2 });
    expect(page2.body.data).toHaveLength(1);

    const read = await h.call(
      'PUT',
      `/api/notifications/${items[0]!.notification_id}/read`,
      r.token,
    );
    expect(read.status).toBe(200);
    expect(read.body.data.is_read).toBe(true);
    expect((await listOf(r)).unread).toBe(2);
    const all = await h.call('PUT', '/api/notifications/read-all', r.token);
    expect(all.body.data).toMatchObject({ updated: 2, unread_count: 0 });
    expect((await listOf(r)).unread).toBe(0);
  });

  it('lets no one read or mark another member’s notifications', async () => {
    const s = newMember();
    const r = newMember();
    const stranger = newMember();
    const id = newProposalId();
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    const n = await waitForType(r, 'exchange_proposal');
    expect((await h.call('GET', `/api/notifications/user/${r.id}`, stranger.token)).status).toBe(
      403,
    );
    expect((await h.call('GET', `/api/notifications/user/${r.id}`)).status).toBe(401);
    const mark = await h.call(
      'PUT',
      `/api/notifications/${n.notification_id}/read`,
      stranger.token,
    );
    expect(mark.status).toBe(404);
    expect((await listOf(r)).items[0]!.is_read).toBe(false);
    expect(
      (await h.call('PUT', '/api/notifications/read-all', stranger.token)).body.data.updated,
    ).toBe(0);
    expect((await listOf(r)).unread).toBe(1);
  });
});

describe('POST /api/notifications/create', () => {
  it('refuses a step the proposal has not reached, so no one can pre-empt the real notification', async () => {
    const s = newMember();
    const r = newMember();
    const id = newProposalId();
    await h.publish('user.profile-updated', r.id, { userId: r.id, username: 'rita', version: 1 });
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    await waitForType(r, 'exchange_proposal');
    const create = (m: Member, type: string) =>
      h.call('POST', '/api/notifications/create', m.token, { type, proposalId: id });

    // The receiver of a pending proposal tells the sender it was accepted: refused.
    const forged = await create(r, 'proposal_accepted');
    expect(forged.status).toBe(409);
    expect(forged.body.message).toMatch(/^type: proposal_accepted .*pending/);
    for (const type of [
      'proposal_rejected',
      'proposal_cancelled',
      'proposal_shipped',
      'proposal_delivered',
      'proposal_completed',
    ]) {
      expect([type, (await create(r, type)).status]).toEqual([type, 409]);
      expect([type, (await create(s, type)).status]).toEqual([type, 409]);
    }
    expect((await listOf(s)).items).toEqual([]);

    // The real acceptance is announced, once, and only the member who accepted may repeat it.
    await h.publish('proposal.accepted', id, {
      ...proposalFacts(id, s, r, r.id),
      status: 'accepted',
    });
    const accepted = await waitForType(s, 'proposal_accepted');
    expect(accepted.message).toBe('rita accepted your proposal');
    expect((await create(s, 'proposal_accepted')).status).toBe(409);
    const again = await create(r, 'proposal_accepted');
    expect(again.status).toBe(200);
    expect(again.body.data.created).toBe(false);
    expect((await listOf(s)).items.filter((n) => n.type === 'proposal_accepted')).toHaveLength(1);
  });

  it('matches shipping steps to the member who took them, with the service’s own text', async () => {
    const s = newMember();
    const r = newMember();
    const id = newProposalId();
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    await h.publish('proposal.accepted', id, {
      ...proposalFacts(id, s, r, r.id),
      status: 'accepted',
    });
    await waitForType(s, 'proposal_accepted');
    const body = {
      type: 'proposal_shipped',
      userId: r.id,
      data: JSON.stringify({ proposal_id: id }),
      title: 'Click here',
      message: '<a href=x>win</a>',
    };
    // Before the sender's parcel is marked shipped, the claim is refused.
    expect((await h.call('POST', '/api/notifications/create', s.token, body)).status).toBe(409);
    await h.publish('proposal.shipping-updated', id, {
      ...proposalFacts(id, s, r, s.id),
      userId: s.id,
      type: 'sender',
      status: 'shipped',
    });
    await waitForType(r, 'proposal_shipped');
    const after = await eventually(async () => {
      const res = await h.call('POST', '/api/notifications/create', s.token, body);
      return res.status === 409 ? undefined : res;
    }, 20_000);
    expect(after.status).toBe(200);
    // The receiver did not ship anything.
    expect(
      (
        await h.call('POST', '/api/notifications/create', r.token, {
          type: 'proposal_shipped',
          proposalId: id,
        })
      ).status,
    ).toBe(409);
    const shipped = (await listOf(r)).items.filter((n) => n.type === 'proposal_shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.title).toBe('Items shipped');
    expect(JSON.stringify(shipped)).not.toContain('win');
  });

  it('refuses strangers, other recipients, unknown types and a flood', async () => {
    const s = newMember();
    const r = newMember();
    const stranger = newMember();
    const id = newProposalId();
    await h.publish('proposal.created', id, proposalFacts(id, s, r, s.id));
    await waitForType(r, 'exchange_proposal');
    const create = (m: Member, body: object) =>
      h.call('POST', '/api/notifications/create', m.token, body);
    expect(
      (await create(stranger, { type: 'proposal_accepted', userId: r.id, proposalId: id })).status,
    ).toBe(403);
    expect(
      (await create(s, { type: 'proposal_accepted', userId: stranger.id, proposalId: id })).status,
    ).toBe(403);
    expect(
      (await create(s, { type: 'proposal_accepted', userId: r.id, proposalId: 'unknown' })).status,
    ).toBe(403);
    const bad = await create(s, { type: 'admin_message', userId: r.id, proposalId: id });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^type/);
    expect((await create(s, { type: 'proposal_accepted', userId: r.id })).body.message).toMatch(
      /^proposalId/,
    );
    expect((await listOf(stranger)).items).toEqual([]);

    let limited;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await create(r, { type: 'proposal_rejected', proposalId: id });
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
