import { randomBytes } from 'node:crypto';
import { eventually } from '@swapbooth/test-kit';
import { newMember, startChat, type ChatHarness, type Member } from './harness';

let h: ChatHarness;
beforeAll(async () => {
  // The tests probe with messages; the send limit has its own tests.
  h = await startChat({ CHAT_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await h?.stop();
});

/** A proposal's conversation between two new members (the receiver subscribed). */
async function conversation(
  sender: Member = newMember(),
): Promise<{ id: string; sender: Member; receiver: Member }> {
  const receiver = newMember();
  const id = `p${randomBytes(6).toString('hex')}`;
  await h.publish('subscription.changed', receiver.id, { userId: receiver.id, status: 'active' });
  await h.publish('proposal.created', id, {
    proposalId: id,
    senderId: sender.id,
    receiverId: receiver.id,
    productIds: ['r1'],
    offeredProductIds: ['s1'],
    actorId: sender.id,
  });
  await eventually(async () => {
    const r = await h.call('GET', `/api/chat/proposal/${id}?userId=${receiver.id}`, receiver.token);
    return r.status === 200 && r.body.data.conversation.details_locked === false;
  }, 20_000);
  return { id, sender, receiver };
}

const send = (proposalId: string, m: Member, content: string) =>
  h.call('POST', `/api/chat/proposal/${proposalId}/message`, m.token, { userId: m.id, content });

const readOnlyFor = async (proposalId: string, m: Member): Promise<boolean> =>
  (await h.call('GET', `/api/chat/proposal/${proposalId}?userId=${m.id}`, m.token)).body.data
    .conversation.read_only as boolean;

const REFUSAL = 'You cannot send messages in this conversation';

const versions = new Map<string, number>();
/**
 * Auth's word that `blocker` blocks (or no longer blocks) `blocked`; resolves once chat acts on
 * it, seen by the blocker writing in their conversation `c` (refused, or taken again).
 */
async function setBlock(blocker: Member, blocked: Member, active: boolean, c: { id: string }) {
  const pair = `${blocker.id}:${blocked.id}`;
  const version = (versions.get(pair) ?? 0) + 1;
  versions.set(pair, version);
  await h.publish(active ? 'member.blocked' : 'member.unblocked', blocker.id, {
    blockerId: blocker.id,
    blockedId: blocked.id,
    version,
  });
  await eventually(
    async () => ((await send(c.id, blocker, 'Probe')).status === 403) === active,
    20_000,
  );
}

describe('chat between members who block each other', () => {
  it('refuses messages both ways with the same words, tells nobody, and writes again after unblocking', async () => {
    const c = await conversation();
    expect((await send(c.id, c.sender, 'Hello')).status).toBe(201);

    await setBlock(c.receiver, c.sender, true, c);
    for (const m of [c.sender, c.receiver]) {
      const refused = await send(c.id, m, 'Still there?');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(REFUSAL);
      // The conversation does not show the block (read-only is a suspended store's).
      expect(await readOnlyFor(c.id, m)).toBe(false);
    }
    // The messages written before stay readable.
    const old = await h.call(
      'GET',
      `/api/chat/proposal/${c.id}?userId=${c.sender.id}`,
      c.sender.token,
    );
    const contents = old.body.data.messages.map((m: { content: string }) => m.content);
    expect(contents.filter((t: string) => t !== 'Probe')).toEqual(['Hello']);

    await setBlock(c.receiver, c.sender, false, c);
    expect((await send(c.id, c.sender, 'Thanks')).status).toBe(201);
    expect((await send(c.id, c.receiver, 'Welcome')).status).toBe(201);
  });

  it('keeps the newest word on the pair: an older block heard late changes nothing', async () => {
    const c = await conversation();
    await setBlock(c.sender, c.receiver, true, c);
    await setBlock(c.sender, c.receiver, false, c);
    await h.publish('member.blocked', c.sender.id, {
      blockerId: c.sender.id,
      blockedId: c.receiver.id,
      version: 1,
    });
    // A later change by the same member (same key, handled after it) shows it was applied.
    const other = await conversation(c.sender);
    await setBlock(c.sender, other.receiver, true, other);
    expect((await send(c.id, c.receiver, 'Hi')).status).toBe(201);
  });
});
