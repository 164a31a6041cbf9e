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

/** The member's notifications about the proposal's steps and messages, the ones the gate hides. */
const TRADE_TYPES = ['exchange_proposal', 'proposal_countered', 'new_message'];
const tradeNewsOf = async (m: Member): Promise<Shown[]> =>
  (await listOf(m)).filter((n) => TRADE_TYPES.includes(n.type));

/** A sender known by name, a receiver without a subscription, and a proposal between them. */
async function lockedProposal() {
  const sender = newMember();
  const receiver = newMember();
  await h.publish('user.profile-updated', sender.id, {
    userId: sender.id,
    firstName: 'Grace',
    lastName: 'Hopper',
    version: 1,
  });
  await eventually(
    async () => (await h.service.deps.members.get(sender.id)).displayName === 'Grace Hopper',
    20_000,
  );
  const id = newProposalId();
  await h.publish('proposal.created', id, proposalFacts(id, sender, receiver, sender.id));
  await eventually(async () => (await listOf(receiver)).length === 1, 20_000);
  // The sender revises the terms and writes to the receiver.
  await h.publish('proposal.countered', id, {
    ...proposalFacts(id, sender, receiver, sender.id),
    counteredBy: sender.id,
  });
  await h.publish('chat.message-sent', `conv_${id}`, {
    messageId: `m-${id}`,
    conversationId: `conv_${id}`,
    proposalId: id,
    senderId: sender.id,
    recipientId: receiver.id,
  });
  const all = await eventually(async () => {
    const items = await listOf(receiver);
    return items.length === 3 ? items : undefined;
  }, 20_000);
  return { id, sender, receiver, all };
}

describe('the subscription gate in notifications', () => {
  it('names the sender to a receiver without a subscription in no notification of a proposal received', async () => {
    const { all } = await lockedProposal();
    expect(all.map((n) => n.type).sort()).toEqual([
      'exchange_proposal',
      'new_message',
      'proposal_countered',
    ]);
    for (const n of all) {
      expect(JSON.stringify(n)).not.toContain('Grace');
      expect(n.message).toMatch(/Subscribe to view details$/);
    }
  });

  it('names the sender once the receiver subscribes, or once the proposal is accepted', async () => {
    const a = await lockedProposal();
    await h.publish('subscription.changed', a.receiver.id, {
      userId: a.receiver.id,
      status: 'active',
    });
    // The subscription's own notification arrives too; the three trade notifications open up.
    const open = await eventually(async () => {
      const items = await tradeNewsOf(a.receiver);
      return items.length === 3 && items.every((n) => n.message.includes('Grace Hopper'))
        ? items
        : undefined;
    }, 20_000);
    expect(open.find((n) => n.type === 'new_message')!.message).toBe(
      'Grace Hopper sent you a message',
    );
    expect(open.find((n) => n.type === 'proposal_countered')!.message).toBe(
      'Grace Hopper sent a counter-offer on your proposal',
    );

    const b = await lockedProposal();
    await h.publish(
      'proposal.accepted',
      b.id,
      proposalFacts(b.id, b.sender, b.receiver, b.receiver.id),
    );
    await eventually(async () => {
      const items = await tradeNewsOf(b.receiver);
      return items.length === 3 && items.every((n) => n.message.includes('Grace Hopper'));
    }, 20_000);
  });

  it('shows the sender of a proposal their own notifications whole', async () => {
    const { id, sender, receiver } = await lockedProposal();
    await h.publish('chat.message-sent', `conv_${id}`, {
      messageId: `m2-${id}`,
      conversationId: `conv_${id}`,
      proposalId: id,
      senderId: receiver.id,
      recipientId: sender.id,
    });
    await h.publish('user.profile-updated', receiver.id, {
      userId: receiver.id,
      username: 'recv',
      version: 1,
    });
    const n = await eventually(
      async () => (await listOf(sender)).find((x) => x.type === 'new_message'),
      20_000,
    );
    expect(n.message).not.toMatch(/Subscribe/);
  });
});
