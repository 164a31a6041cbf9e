import request from 'supertest';
import { Topics, type EventEnvelope } from '@swapbooth/contracts';
import { signTestToken } from '@swapbooth/test-kit';
import { startStack, type Stack } from './support/stack';
import { auth, signUp } from './support/accounts';
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

const about = (userId: string, type: string) => (e: EventEnvelope) =>
  e.subject === userId && e.type === type;

describe('events published by auth', () => {
  it('announces a sign-up and its verification', async () => {
    const m = await signUp(stack.url);
    const [registered] = await tap.waitFor(about(m.userId, 'user.registered'));
    expect(registered!.data).toEqual({ userId: m.userId, email: m.email, authMethod: 'email' });
    expect(registered!.producer).toBe('auth');
    await tap.waitFor(about(m.userId, 'user.email-verified'));
  });

  it('announces profile changes and default-address moves, with versions', async () => {
    const m = await signUp(stack.url);
    const saved = await request(stack.url).put('/api/profile').set(auth(m.token)).send({
      firstName: 'Ada',
      lastName: 'Lovelace',
      street1: '1 Main St',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
    });
    expect(saved.status).toBe(200);
    const [profile] = await tap.waitFor(about(m.userId, 'user.profile-updated'));
    expect(profile!.data).toEqual({
      userId: m.userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      version: 1,
    });
    const [moved] = await tap.waitFor(about(m.userId, 'user.default-address-changed'));
    expect(moved!.data).toMatchObject({
      userId: m.userId,
      zipCode: '10001',
      city: 'New York',
      state: 'NY',
      country: 'US',
      version: 1,
    });

    const other = await request(stack.url).post('/api/addresses').set(auth(m.token)).send({
      country: 'US',
      state: 'CA',
      city: 'Beverly Hills',
      zip_code: '90210',
      street1: '9 Palm Dr',
    });
    await request(stack.url)
      .put(`/api/addresses/default/${other.body.data.address_id}`)
      .set(auth(m.token))
      .send({ is_default: true });
    const moves = await tap.waitFor(about(m.userId, 'user.default-address-changed'), 2);
    expect(
      moves.map((e) => [
        (e.data as { zipCode: string }).zipCode,
        (e.data as { version: number }).version,
      ]),
    ).toEqual([
      ['10001', 1],
      ['90210', 2],
    ]);
  });

  it('announces follows and unfollows', async () => {
    const [a, b] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
    const send = (action: string) =>
      request(stack.url)
        .post(`/api/following/${action}`)
        .set(auth(a.token))
        .send({ followingUserId: b.userId });
    await send('follow');
    await send('follow');
    await send('unfollow');
    const [followed] = await tap.waitFor(about(b.userId, 'user.followed'));
    expect(followed!.data).toEqual({ followerId: a.userId, followingId: b.userId });
    await tap.waitFor(about(b.userId, 'user.unfollowed'));
    expect(tap.events.filter(about(b.userId, 'user.followed'))).toHaveLength(1);
  });

  it('announces a suspension', async () => {
    const m = await signUp(stack.url);
    const admin = signTestToken('admin-1', {
      type: 'admin',
      audience: 'swapbooth-admin',
      extra: { role: 'admin' },
    });
    await request(stack.url)
      .patch(`/internal/users/${m.userId}/status`)
      .set(auth(admin))
      .send({ status: 'suspended', reason: 'spam' });
    const [changed] = await tap.waitFor(about(m.userId, 'user.status-changed'));
    expect(changed!.data).toEqual({
      userId: m.userId,
      status: 'suspended',
      previousStatus: 'active',
      reason: 'spam',
    });
  });
});
