import { randomBytes } from 'node:crypto';
import { eventually, listMail, waitForMail } from '@swapbooth/test-kit';
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
  type: string;
  title: string;
  message: string;
  data: string;
}

const noticesOf = async (m: Member): Promise<Shown[]> => {
  const r = await h.call('GET', `/api/notifications/user/${m.id}`, m.token);
  expect(r.status).toBe(200);
  return (r.body.data as Shown[]).filter((n) => n.type.startsWith('circle_'));
};

async function registered(): Promise<Member> {
  const m = newMember();
  await h.publish('user.registered', m.id, { userId: m.id, email: m.email, authMethod: 'email' });
  await eventually(async () => (await h.service.deps.members.get(m.id)).email === m.email, 20_000);
  return m;
}

async function listed(owner: Member, title: string): Promise<string> {
  const productId = `p${randomBytes(6).toString('hex')}`;
  const now = new Date().toISOString();
  await h.publish('product.created', productId, {
    productId,
    userId: owner.id,
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
  return productId;
}

describe('trade circle notifications', () => {
  it('tells every member of a proposed circle, once, what they give and receive, by notification and e-mail with a link to the circle', async () => {
    const [a, b, c] = [await registered(), await registered(), await registered()];
    const outsider = await registered();
    const [la, lb, lc] = [
      await listed(a, 'Azul'),
      await listed(b, 'Brass'),
      await listed(c, 'Catan'),
    ];
    const circleId = `c${randomBytes(6).toString('hex')}`;
    const members = [
      { userId: a.id, givesProductId: la, receivesProductId: lb },
      { userId: b.id, givesProductId: lb, receivesProductId: lc },
      { userId: c.id, givesProductId: lc, receivesProductId: la },
    ];
    const facts = { circleId, memberIds: [a.id, b.id, c.id], size: 3, members };
    const proposed = await h.publish('circle.proposed', circleId, {
      ...facts,
      expiresAt: new Date(Date.now() + 72 * 3600_000).toISOString(),
    });
    // Delivered twice: still one notification each.
    await h.send(proposed);

    const ofA = await eventually(async () => {
      const all = await noticesOf(a);
      return all.length > 0 ? all : undefined;
    }, 30_000);
    expect(ofA).toHaveLength(1);
    expect(ofA[0]).toMatchObject({
      type: 'circle_proposed',
      title: 'A trade circle for you',
      message:
        'A trade circle of 3 members wants your "Azul": you would receive "Brass". Accept or decline it',
    });
    expect(JSON.parse(ofA[0]!.data)).toEqual({ circle_id: circleId, product_id: la });
    const ofC = await eventually(async () => {
      const all = await noticesOf(c);
      return all.length > 0 ? all : undefined;
    }, 30_000);
    expect(ofC[0]!.message).toContain('wants your "Catan": you would receive "Azul"');

    const mail = await waitForMail(b.email, /trade circle/);
    expect(mail.subject).toBe('A trade circle wants your "Brass" on Swapbooth');
    expect(mail.text).toContain('You would give "Brass" and receive "Catan"');
    expect(mail.text).toContain(`/circles/${circleId}`);

    // B declines: A and C are told, B is not; the outsider hears nothing at all.
    await h.publish('circle.dissolved', circleId, { ...facts, reason: 'declined', actorId: b.id });
    const dissolved = await eventually(async () => {
      const all = (await noticesOf(a)).filter((n) => n.type === 'circle_dissolved');
      return all.length > 0 ? all : undefined;
    }, 30_000);
    expect(dissolved[0]!.message).toBe(
      'A member declined the trade circle; your "Azul" is free again',
    );
    await eventually(
      async () => (await noticesOf(c)).some((n) => n.type === 'circle_dissolved'),
      30_000,
    );
    expect((await noticesOf(b)).map((n) => n.type)).toEqual(['circle_proposed']);
    expect(await noticesOf(outsider)).toEqual([]);
    const proposedMails = (await listMail()).filter(
      (m) => m.to.some((t) => t.address === a.email) && /wants your/.test(m.subject),
    );
    expect(proposedMails).toHaveLength(1);
  });

  it('does not also announce each edge of an accepted circle as an accepted proposal', async () => {
    const [taker, giver] = [await registered(), await registered()];
    const proposalId = `edge-${taker.id}`;
    await h.publish('proposal.accepted', proposalId, {
      proposalId,
      senderId: taker.id,
      receiverId: giver.id,
      productIds: ['g1'],
      offeredProductIds: [],
      status: 'accepted',
      circleId: 'c-accepted',
    });
    // Recorded for the later steps (shipping, completion), without a notification of its own.
    await eventually(async () => (await h.service.deps.proposals.get(proposalId)) !== null, 30_000);
    for (const m of [taker, giver]) {
      const r = await h.call('GET', `/api/notifications/user/${m.id}`, m.token);
      expect(r.body.data).toEqual([]);
    }
  });
});
