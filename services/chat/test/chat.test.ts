import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import {
  chatMessageResponse,
  chatMessagesPage,
  conversationResponse,
  proposalChatResponse,
  Topics,
  type EventEnvelope,
} from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';
import { newMember, startChat, type ChatHarness, type Member } from './harness';

let h: ChatHarness;
let tap: Consumer;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  h = await startChat();
  const kafka = new Kafka({ brokers: h.config.KAFKA_BROKERS, logLevel: logLevel.NOTHING });
  tap = kafka.consumer({ groupId: `${h.config.KAFKA_TOPIC_PREFIX}tap`, maxWaitTimeInMs: 100 });
  await tap.connect();
  await tap.subscribe({
    topics: [`${h.config.KAFKA_TOPIC_PREFIX}${Topics.chat}`],
    fromBeginning: true,
  });
  await tap.run({
    eachMessage: async ({ message }) => {
      published.push(JSON.parse(message.value!.toString()) as EventEnvelope);
    },
  });
});
afterAll(async () => {
  await tap?.disconnect();
  await h?.stop();
});

/**
 * A proposal between two new members, and its conversation once chat has heard of it. The receiver
 * has a subscription, so both read the conversation whole (the gate has its own tests).
 */
async function proposal(): Promise<{ id: string; sender: Member; receiver: Member; conv: string }> {
  const sender = newMember();
  const receiver = newMember();
  const id = `p${randomBytes(6).toString('hex')}`;
  await h.publish('subscription.changed', receiver.id, { userId: receiver.id, status: 'active' });
  await h.publish('proposal.created', id, {
    proposalId: id,
    senderId: sender.id,
    receiverId: receiver.id,
    productIds: ['r1', 'r2'],
    offeredProductIds: ['s1'],
    actorId: sender.id,
  });
  const conv = await eventually(async () => {
    const r = await h.call('GET', `/api/chat/proposal/${id}?userId=${sender.id}`, sender.token);
    return r.status === 200 ? (r.body.data.conversation.conversation_id as string) : undefined;
  }, 20_000);
  await eventually(async () => {
    const r = await h.call('GET', `/api/chat/conversation/${conv}`, receiver.token);
    return r.body.data?.details_locked === false;
  }, 20_000);
  return { id, sender, receiver, conv };
}

const send = (p: { id: string }, m: Member, content: unknown) =>
  h.call('POST', `/api/chat/proposal/${p.id}/message`, m.token, { userId: m.id, content });

describe('chat about a proposal', () => {
  it('opens one conversation per proposal between its two parties, listed for each with the other member and the listings', async () => {
    const p = await proposal();
    for (const [me, other] of [
      [p.sender, p.receiver],
      [p.receiver, p.sender],
    ] as const) {
      const list = await h.call('GET', `/api/chat/user/${me.id}/chats`, me.token);
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).toMatchObject({
        conversation_id: p.conv,
        proposal_id: p.id,
        other_user_id: other.id,
        product_ids: ['r1', 'r2'],
        offered_product_ids: ['s1'],
        last_message: null,
        unread_count: 0,
        read_only: false,
      });
    }
  });

  it('stores messages trimmed and as plain text, counts them unread for the other party until read', async () => {
    const p = await proposal();
    const sent = await send(p, p.sender, '   <b>hello</b> & welcome   ');
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      content: '<b>hello</b> & welcome',
      sender_id: p.sender.id,
    });
    await send(p, p.receiver, 'hi back');
    await send(p, p.sender, 'third');

    const theirs = await h.call('GET', `/api/chat/user/${p.receiver.id}/chats`, p.receiver.token);
    expect(theirs.body.data[0].unread_count).toBe(2);
    expect(theirs.body.data[0].last_message.content).toBe('third');
    const mine = await h.call(
      'GET',
      `/api/chat/conversation/${p.conv}?userId=${p.sender.id}`,
      p.sender.token,
    );
    expect(mine.body.data.unread_count).toBe(1);

    const all = await h.call(
      'GET',
      `/api/chat/conversations/${p.conv}/messages?userId=${p.receiver.id}`,
      p.receiver.token,
    );
    expect(all.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      '<b>hello</b> & welcome',
      'hi back',
      'third',
    ]);
    const since = all.body.data.messages[0].created_at;
    const later = await h.call(
      'GET',
      `/api/chat/conversations/${p.conv}/messages?userId=${p.receiver.id}&since=${encodeURIComponent(since)}&limit=1`,
      p.receiver.token,
    );
    expect(later.body.data).toMatchObject({ has_more: true });
    expect(later.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'hi back',
    ]);

    const read = await h.call('PUT', `/api/chat/chat/${p.conv}/read`, p.receiver.token, {
      userId: p.receiver.id,
    });
    expect(read.status).toBe(200);
    const after = await h.call('GET', `/api/chat/user/${p.receiver.id}/chats`, p.receiver.token);
    expect(after.body.data[0].unread_count).toBe(0);
  });

  it('rejects empty and over-long messages naming the field', async () => {
    const p = await proposal();
    for (const content of ['   ', 'x'.repeat(2001), undefined, 42]) {
      const r = await send(p, p.sender, content);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^content/);
    }
    expect((await send(p, p.sender, 'x'.repeat(2000))).status).toBe(201);
  });

  it('publishes chat.message-sent with ids and no content', async () => {
    const p = await proposal();
    const sent = await send(p, p.sender, 'secret words');
    const event = await eventually(
      () =>
        published.find(
          (e) => (e.data as { messageId?: string }).messageId === sent.body.data.message_id,
        ),
      15_000,
    );
    expect(event.type).toBe('chat.message-sent');
    expect(event.data).toMatchObject({
      conversationId: p.conv,
      proposalId: p.id,
      senderId: p.sender.id,
      recipientId: p.receiver.id,
    });
    expect(JSON.stringify(event)).not.toContain('secret words');
  });

  it('lets no third member read or write a conversation, whatever ids the call carries', async () => {
    const p = await proposal();
    await send(p, p.sender, 'private');
    const stranger = newMember();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/chat/proposal/${p.id}?userId=${stranger.id}`],
      ['GET', `/api/chat/proposal/${p.id}`],
      ['POST', `/api/chat/proposal/${p.id}/message`, { userId: stranger.id, content: 'hi' }],
      ['POST', `/api/chat/proposal/${p.id}/message`, { content: 'hi' }],
      ['GET', `/api/chat/conversations/${p.conv}/messages?userId=${stranger.id}`],
      ['GET', `/api/chat/conversation/${p.conv}?userId=${stranger.id}`],
      ['PUT', `/api/chat/chat/${p.conv}/read`, { userId: stranger.id }],
    ];
    for (const [method, path, body] of calls) {
      const r = await h.call(method, path, stranger.token, body);
      expect([method, path, r.status]).toEqual([method, path, 403]);
      expect(JSON.stringify(r.body)).not.toContain('private');
    }
    // A party's id in the path or body does not let the stranger act as them.
    const asParty: Array<[string, string, unknown?]> = [
      ['GET', `/api/chat/user/${p.sender.id}/chats`],
      ['GET', `/api/chat/proposal/${p.id}?userId=${p.sender.id}`],
      ['POST', `/api/chat/proposal/${p.id}/message`, { userId: p.sender.id, content: 'hi' }],
      ['GET', `/api/chat/conversations/${p.conv}/messages?userId=${p.sender.id}`],
      ['PUT', `/api/chat/chat/${p.conv}/read`, { userId: p.receiver.id }],
    ];
    for (const [method, path, body] of asParty) {
      const r = await h.call(method, path, stranger.token, body);
      expect([method, path, r.status]).toEqual([method, path, 403]);
    }
    expect(
      (await h.call('GET', `/api/chat/user/${stranger.id}/chats`, stranger.token)).body.data,
    ).toEqual([]);
    expect((await h.call('GET', `/api/chat/conversation/${p.conv}`)).status).toBe(401);
  });

  it('answers 429 with Retry-After to a member sending more than 20 messages in 10 seconds', async () => {
    const p = await proposal();
    for (let i = 0; i < 20; i++) expect((await send(p, p.sender, `m${i}`)).status).toBe(201);
    const over = await send(p, p.sender, 'one too many');
    expect(over.status).toBe(429);
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(10);
    // The other party is not slowed down by it.
    expect((await send(p, p.receiver, 'still here')).status).toBe(201);
  });

  it('keeps a conversation read-only while a store in it is suspended', async () => {
    const p = await proposal();
    await send(p, p.receiver, 'before');
    const booth = (status: 'active' | 'suspended', version: number) => ({
      boothId: `b-${p.receiver.id}`,
      userId: p.receiver.id,
      username: p.receiver.id,
      name: 'Shop',
      interests: [],
      status,
      version,
    });
    await h.publish('booth.status-changed', `b-${p.receiver.id}`, {
      ...booth('suspended', 2),
      previousStatus: 'active',
    });
    await eventually(async () => {
      const r = await h.call('GET', `/api/chat/conversation/${p.conv}`, p.sender.token);
      return r.body.data.read_only === true;
    }, 15_000);
    const blocked = await send(p, p.sender, 'during');
    expect(blocked.status).toBe(403);
    const msgs = await h.call('GET', `/api/chat/conversations/${p.conv}/messages`, p.sender.token);
    expect(msgs.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['before']);
    // A late, older update does not lift the suspension; a newer one does.
    await h.publish('booth.updated', `b-${p.receiver.id}`, booth('active', 1));
    await h.publish('booth.status-changed', `b-${p.receiver.id}`, {
      ...booth('active', 3),
      previousStatus: 'suspended',
    });
    await eventually(async () => (await send(p, p.sender, 'after')).status === 201, 15_000);
  });

  it('answers in the shapes of the chat contracts', async () => {
    const p = await proposal();
    const sent = await send(p, p.sender, 'hello');
    chatMessageResponse.parse(sent.body.data);
    const byProposal = await h.call('GET', `/api/chat/proposal/${p.id}`, p.receiver.token);
    proposalChatResponse.parse(byProposal.body.data);
    conversationResponse.parse(
      (await h.call('GET', `/api/chat/conversation/${p.conv}`, p.receiver.token)).body.data,
    );
    for (const c of (await h.call('GET', `/api/chat/user/${p.receiver.id}/chats`, p.receiver.token))
      .body.data)
      conversationResponse.parse(c);
    chatMessagesPage.parse(
      (await h.call('GET', `/api/chat/conversations/${p.conv}/messages`, p.receiver.token)).body
        .data,
    );
  });

  it('opens the conversation of an exchange that begins accepted (a trade circle’s edge), once', async () => {
    const [taker, giver] = [newMember(), newMember()];
    const id = `circle-edge-${taker.id}`;
    const accepted = {
      proposalId: id,
      senderId: taker.id,
      receiverId: giver.id,
      productIds: ['g1'],
      offeredProductIds: [],
      status: 'accepted',
    };
    await h.publish('proposal.accepted', id, accepted);
    const conv = await eventually(async () => {
      const r = await h.call('GET', `/api/chat/proposal/${id}?userId=${giver.id}`, giver.token);
      return r.status === 200 ? r.body.data.conversation : undefined;
    }, 20_000);
    expect([...conv.participants].sort()).toEqual([taker.id, giver.id].sort());
    expect(conv.product_ids).toEqual(['g1']);
    const again = await h.call('GET', `/api/chat/proposal/${id}?userId=${taker.id}`, taker.token);
    expect(again.status).toBe(200);
    expect(again.body.data.conversation.conversation_id).toBe(conv.conversation_id);
  });

  it('answers 404 for a proposal it has no conversation for', async () => {
    const m = newMember();
    expect((await h.call('GET', `/api/chat/proposal/nope-${m.id}`, m.token)).status).toBe(404);
  });
});
