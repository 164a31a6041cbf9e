import { randomBytes } from 'node:crypto';
import { eventually, signTestToken } from '@swapbooth/test-kit';
import { openStream, type SseStream } from './sse-client';
import { startRealtimeStack, type RealtimeStack } from './stack';

jest.setTimeout(120_000);

/**
 * GET /api/stream end to end: through two gateways, each in front of its own notification process,
 * with chat and notification pushing through Redis.
 */
let stack: RealtimeStack;
const opened: SseStream[] = [];
beforeAll(async () => {
  stack = await startRealtimeStack(2);
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
afterAll(async () => {
  await stack?.stop();
});

const member = (expiresIn?: number) => {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id, expiresIn ? { expiresIn } : {}) };
};
type M = ReturnType<typeof member>;

const stream = async (gateway: number, m: M, lastEventId?: string) => {
  const s = await openStream(`${stack.gateways[gateway]}/api/stream`, m.token, lastEventId);
  opened.push(s);
  expect(s.status).toBe(200);
  await s.waitFor((e) => e.event === 'ready');
  return s;
};

const call = async (gateway: number, m: M, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${stack.gateways[gateway]}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${m.token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

/** A proposal between two new members whose conversation chat has opened. */
async function proposal() {
  const sender = member();
  const receiver = member();
  const id = `p${randomBytes(6).toString('hex')}`;
  await stack.publish('proposal.created', id, {
    proposalId: id,
    senderId: sender.id,
    receiverId: receiver.id,
    productIds: ['r1'],
    offeredProductIds: ['s1'],
    actorId: sender.id,
  });
  await eventually(
    async () => (await call(0, sender, 'GET', `/api/chat/proposal/${id}`)).status === 200,
    20_000,
  );
  return { id, sender, receiver };
}

/**
 * The same, accepted: its receiver reads the conversation whole without a subscription (a pending
 * proposal's receiver without one gets no messages, pushed or read).
 */
async function acceptedProposal() {
  const p = await proposal();
  await stack.publish('proposal.accepted', p.id, {
    proposalId: p.id,
    senderId: p.sender.id,
    receiverId: p.receiver.id,
    productIds: ['r1'],
    offeredProductIds: ['s1'],
    actorId: p.receiver.id,
  });
  await eventually(async () => {
    const res = await call(0, p.receiver, 'GET', `/api/chat/proposal/${p.id}`);
    return res.status === 200 && res.body.data?.conversation?.details_locked === false;
  }, 20_000);
  return p;
}

const say = (p: { id: string }, m: M, content: string, gateway = 1) =>
  call(gateway, m, 'POST', `/api/chat/proposal/${p.id}/message`, { content });

describe('the live stream', () => {
  it('needs a member token', async () => {
    const s = await openStream(`${stack.gateways[0]}/api/stream`, undefined);
    expect(s.status).toBe(401);
  });

  it('delivers a chat message to the other party, and a proposal’s notification to its receiver, on any gateway', async () => {
    const p = await proposal();
    const stranger = member();
    const theirs = await stream(0, p.receiver);
    const other = await stream(1, p.receiver);
    const strangers = await stream(0, stranger);
    // The proposal's notification was pushed before these streams opened; a new step arrives live.
    await stack.publish('proposal.accepted', p.id, {
      proposalId: p.id,
      senderId: p.sender.id,
      receiverId: p.receiver.id,
      productIds: ['r1'],
      offeredProductIds: ['s1'],
      actorId: p.sender.id,
    });
    // (The proposal's own notification may still be on its way: each service reads the bus alone.)
    const accepted = (e: { event: string; data: string }) =>
      e.event === 'notification' && JSON.parse(e.data).notification.type === 'proposal_accepted';
    const pushed = await theirs.waitFor(accepted);
    expect(JSON.parse(pushed.data)).toMatchObject({
      notification: { data: JSON.stringify({ proposal_id: p.id }), is_read: false },
    });
    await other.waitFor(accepted);

    const sent = await say(p, p.sender, 'hello <there>');
    expect(sent.status).toBe(201);
    for (const s of [theirs, other]) {
      const m = await s.waitFor((e) => e.event === 'chat.message');
      expect(JSON.parse(m.data)).toMatchObject({
        message: { content: 'hello <there>', sender_id: p.sender.id, proposal_id: p.id },
        unread_count: 1,
      });
    }
    // The new_message notification follows through the bus.
    await theirs.waitFor((e) => e.event === 'notification' && e.data.includes('new_message'));
    await new Promise((r) => setTimeout(r, 300));
    expect(strangers.events.filter((e) => e.event !== 'ready')).toEqual([]);
  });

  it('resumes with Last-Event-ID after a dropped connection, without loss or duplicates', async () => {
    const p = await acceptedProposal();
    const first = await stream(0, p.receiver);
    await say(p, p.sender, 'one');
    const one = await first.waitFor((e) => e.event === 'chat.message');
    first.close();
    for (const text of ['two', 'three', 'four'])
      expect((await say(p, p.sender, text)).status).toBe(201);

    const again = await stream(1, p.receiver, one.id);
    await say(p, p.sender, 'five');
    const contents = async () =>
      again.events
        .filter((e) => e.event === 'chat.message')
        .map((e) => JSON.parse(e.data).message.content as string);
    await eventually(async () => (await contents()).includes('five'), 20_000);
    expect(await contents()).toEqual(['two', 'three', 'four', 'five']);
    const ids = again.events.filter((e) => e.id).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ends the stream when the token expires', async () => {
    const m = member(3);
    const s = await stream(0, m);
    const started = Date.now();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
