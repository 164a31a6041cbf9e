import request from 'supertest';
import { Topics, type EventEnvelope } from '@swapbooth/contracts';
import { startStack, type Stack } from './support/stack';
import { auth, signUp, type Member } from './support/accounts';
import { tapTopic, type EventTap } from './support/events';

jest.setTimeout(90_000);

let stack: Stack;
let tap: EventTap;
beforeAll(async () => {
  stack = await startStack();
  tap = await tapTopic(Topics.user);
});
afterAll(async () => {
  await tap?.stop();
  await stack?.stop();
});

const api = () => request(stack.url);
const block = (m: Member, userId: string) =>
  api().post(`/api/auth/blocks/${userId}`).set(auth(m.token));
const unblock = (m: Member, userId: string) =>
  api().delete(`/api/auth/blocks/${userId}`).set(auth(m.token));
const follow = (m: Member, followingUserId: string) =>
  api().post('/api/following/follow').set(auth(m.token)).send({ followingUserId });
const isFollowing = async (m: Member, userId: string) =>
  (await api().get(`/api/following/status/${userId}`).set(auth(m.token))).body.data
    .isFollowing as boolean;
const about = (blockerId: string, type: string) => (e: EventEnvelope) =>
  e.subject === blockerId && e.type === type;

describe('blocking a member', () => {
  it('blocks idempotently, lists the block for the blocker only, and announces it once', async () => {
    const [a, b] = [await signUp(stack.url), await signUp(stack.url)];
    const first = await block(a, b.userId);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ userId: b.userId, isBlocked: true, changed: true });
    expect((await block(a, b.userId)).body.data.changed).toBe(false);

    const list = await api().get('/api/auth/blocks').set(auth(a.token));
    expect(list.body.data).toMatchObject({ total: 1, page: 1 });
    expect(list.body.data.blocks[0]).toMatchObject({ user_id: b.userId });
    expect((await api().get('/api/auth/blocks').set(auth(b.token))).body.data.total).toBe(0);
    // The blocked member learns nothing from the status read: it is about their own blocks.
    const status = await api().get(`/api/auth/blocks/${a.userId}`).set(auth(b.token));
    expect(status.body.data).toEqual({ userId: a.userId, isBlocked: false });

    const [blocked] = await tap.waitFor(about(a.userId, 'member.blocked'));
    expect(blocked!.data).toEqual({ blockerId: a.userId, blockedId: b.userId, version: 1 });
    expect(tap.events.filter(about(a.userId, 'member.blocked'))).toHaveLength(1);
  });

  it('refuses a block of oneself, of nobody, and without a token', async () => {
    const a = await signUp(stack.url);
    expect((await block(a, a.userId)).status).toBe(400);
    expect((await block(a, 'no-such-member')).status).toBe(404);
    expect((await api().post(`/api/auth/blocks/${a.userId}`)).status).toBe(401);
  });

  it('ends follows both ways and refuses new ones in either direction', async () => {
    const [a, b] = [await signUp(stack.url), await signUp(stack.url)];
    expect((await follow(a, b.userId)).status).toBe(200);
    expect((await follow(b, a.userId)).status).toBe(200);
    await block(a, b.userId);
    expect(await isFollowing(a, b.userId)).toBe(false);
    expect(await isFollowing(b, a.userId)).toBe(false);

    const refused = await follow(b, a.userId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot follow this member');
    expect((await follow(a, b.userId)).status).toBe(403);
  });

  it('unblocks idempotently and lets the two follow again', async () => {
    const [a, b] = [await signUp(stack.url), await signUp(stack.url)];
    await block(a, b.userId);
    const ended = await unblock(a, b.userId);
    expect(ended.body.data).toEqual({ userId: b.userId, isBlocked: false, changed: true });
    expect((await unblock(a, b.userId)).body.data.changed).toBe(false);
    expect((await follow(b, a.userId)).status).toBe(200);
    expect((await api().get('/api/auth/blocks').set(auth(a.token))).body.data.total).toBe(0);

    const [unblocked] = await tap.waitFor(about(a.userId, 'member.unblocked'));
    expect(unblocked!.data).toEqual({ blockerId: a.userId, blockedId: b.userId, version: 2 });
  });

  it('refuses to unblock oneself', async () => {
    const a = await signUp(stack.url);
    expect((await unblock(a, a.userId)).status).toBe(400);
  });
});
