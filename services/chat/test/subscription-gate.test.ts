import { randomBytes } from 'node:crypto';
import { conversationResponse, proposalChatResponse } from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';
import { newMember, startChat, type ChatHarness, type Member } from './harness';

jest.setTimeout(90_000);

let h: ChatHarness;
beforeAll(async () => {
  h = await startChat();
});
afterAll(async () => {
  await h?.stop();
});

/** A proposal whose conversation chat has opened, with one message from the sender in it. */
async function proposal(): Promise<{ id: string; sender: Member; receiver: Member; conv: string }> {
  const sender = newMember();
  const receiver = newMember();
  const id = `p${randomBytes(6).toString('hex')}`;
  const facts = {
    proposalId: id,
    senderId: sender.id,
    receiverId: receiver.id,
    productIds: ['wanted'],
    offeredProductIds: ['their-lamp'],
  };
  await h.publish('proposal.created', id, { ...facts, actorId: sender.id });
  const conv = await eventually(async () => {
    const r = await h.call('GET', `/api/chat/proposal/${id}`, sender.token);
    return r.status === 200 ? (r.body.data.conversation.conversation_id as string) : undefined;
  }, 20_000);
  const sent = await h.call('POST', `/api/chat/proposal/${id}/message`, sender.token, {
    content: 'my phone number is 555-0100',
  });
  expect(sent.status).toBe(201);
  return { id, sender, receiver, conv };
}

/** Everything a receiver can read of the conversation, as one text. */
async function whatReceiverReads(p: { id: string; receiver: Member; conv: string }) {
  const byProposal = await h.call('GET', `/api/chat/proposal/${p.id}`, p.receiver.token);
  const list = await h.call('GET', `/api/chat/user/${p.receiver.id}/chats`, p.receiver.token);
  const one = await h.call('GET', `/api/chat/conversation/${p.conv}`, p.receiver.token);
  const messages = await h.call(
    'GET',
    `/api/chat/conversations/${p.conv}/messages`,
    p.receiver.token,
  );
  return { byProposal, list, one, messages };
}

describe('the subscription gate in chat', () => {
  it('shows the receiver without a subscription neither the sender, the offered listings nor the messages', async () => {
    const p = await proposal();
    const { byProposal, list, one, messages } = await whatReceiverReads(p);
    expect(byProposal.status).toBe(200);
    proposalChatResponse.parse(byProposal.body.data);
    expect(byProposal.body.data).toMatchObject({ messages: [], has_more: false });
    for (const c of [byProposal.body.data.conversation, list.body.data[0], one.body.data]) {
      conversationResponse.parse(c);
      expect(c).toMatchObject({
        conversation_id: p.conv,
        participants: [p.receiver.id],
        other_user_id: null,
        product_ids: ['wanted'],
        offered_product_ids: [],
        last_message: null,
        details_locked: true,
      });
    }
    expect(messages.status).toBe(403);
    expect(messages.body.code).toBe('subscription_required');
    const all = JSON.stringify([byProposal.body, list.body, one.body, messages.body]);
    expect(all).not.toContain(p.sender.id);
    expect(all).not.toContain('555-0100');
    expect(all).not.toContain('their-lamp');

    const reply = await h.call('POST', `/api/chat/proposal/${p.id}/message`, p.receiver.token, {
      content: 'who are you?',
    });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('subscription_required');

    // The sender's own view is whole.
    const mine = await h.call('GET', `/api/chat/proposal/${p.id}`, p.sender.token);
    expect(mine.body.data.conversation).toMatchObject({
      other_user_id: p.receiver.id,
      offered_product_ids: ['their-lamp'],
      details_locked: false,
    });
    expect(mine.body.data.messages).toHaveLength(1);
  });

  it('opens the conversation once the receiver subscribes, and closes it again when the subscription ends', async () => {
    const p = await proposal();
    await h.publish('subscription.changed', p.receiver.id, {
      userId: p.receiver.id,
      status: 'active',
    });
    const open = await eventually(async () => {
      const r = await h.call('GET', `/api/chat/proposal/${p.id}`, p.receiver.token);
      return r.body.data.conversation.details_locked === false ? r.body.data : undefined;
    }, 20_000);
    expect(open.conversation).toMatchObject({
      other_user_id: p.sender.id,
      offered_product_ids: ['their-lamp'],
    });
    expect(open.messages.map((m: { content: string }) => m.content)).toEqual([
      'my phone number is 555-0100',
    ]);
    const reply = await h.call('POST', `/api/chat/proposal/${p.id}/message`, p.receiver.token, {
      content: 'hello',
    });
    expect(reply.status).toBe(201);

    await h.publish('subscription.changed', p.receiver.id, {
      userId: p.receiver.id,
      status: 'canceled',
    });
    await eventually(async () => {
      const r = await h.call('GET', `/api/chat/user/${p.receiver.id}/chats`, p.receiver.token);
      return r.body.data[0]?.details_locked === true;
    }, 20_000);
  });

  it('opens the conversation of an accepted proposal to a receiver without a subscription', async () => {
    const p = await proposal();
    await h.publish('proposal.accepted', p.id, {
      proposalId: p.id,
      senderId: p.sender.id,
      receiverId: p.receiver.id,
      productIds: ['wanted'],
      offeredProductIds: ['their-lamp'],
      actorId: p.receiver.id,
      status: 'accepted',
    });
    const open = await eventually(async () => {
      const r = await h.call('GET', `/api/chat/conversation/${p.conv}`, p.receiver.token);
      return r.body.data.details_locked === false ? r.body.data : undefined;
    }, 20_000);
    expect(open).toMatchObject({ other_user_id: p.sender.id, offered_product_ids: ['their-lamp'] });
  });
});
