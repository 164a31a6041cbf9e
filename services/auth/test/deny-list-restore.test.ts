import request from 'supertest';
import { createLogger, createRedis, REVOCATIONS_RESTORING } from '@swapbooth/service-kit';
import { eventually } from '@swapbooth/test-kit';
import { auth, PASSWORD, signUp } from './support/accounts';
import type { AuthDeps } from '../src/deps';
import { startStack, type Stack } from './support/stack';

/**
 * Redis is a copy of the deny-list: auth records each revocation in its database first. When Redis
 * loses its data (a restart without persistence), a revoked token must stay revoked: token checks
 * answer 503 until auth has written the list back, then revoked tokens get 401 and the others pass.
 * Here the loss is made by deleting this run's keys; test/faults/redis-restarted restarts Redis.
 */
let stack: Stack;
const prefix = `${process.env.REDIS_KEY_PREFIX}deny-restore:`;
const redis = createRedis(process.env.REDIS_URL!, '', createLogger('test', 'silent'));

beforeAll(async () => {
  stack = await startStack({ REDIS_KEY_PREFIX: prefix, REVOCATION_CHECK_MS: '200' });
});
afterAll(async () => {
  await stack?.stop();
  redis.disconnect();
});

/** Deletes every key of this auth's prefix, as a Redis restart without persistence would. */
async function loseRedisData(): Promise<number> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  return keys.length;
}

const restorer = () => (stack.auth.deps as AuthDeps).revocationRestorer;

const userData = (token: string) => request(stack.url).get('/api/auth/user-data').set(auth(token));

describe('the deny-list when Redis loses its data', () => {
  it('keeps revoked tokens revoked: 503 until it is written back, then 401, while other tokens pass again', async () => {
    const revoked = await signUp(stack.url);
    const valid = await signUp(stack.url);
    const again = await request(stack.url)
      .post('/api/auth/login')
      .send({ email: valid.email, password: PASSWORD });
    expect(again.status).toBe(200);
    // One member logs out; another changes nothing. Both tokens were checked before.
    expect(
      (
        await request(stack.url)
          .post('/api/auth/logout')
          .set(auth(revoked.token))
          .set('Cookie', revoked.cookie)
      ).status,
    ).toBe(200);
    expect((await userData(revoked.token)).status).toBe(401);
    expect((await userData(valid.token)).status).toBe(200);

    expect(await loseRedisData()).toBeGreaterThan(0);
    const seen: number[] = [];
    await eventually(async () => {
      const [r, v] = await Promise.all([userData(revoked.token), userData(valid.token)]);
      seen.push(r.status);
      if (r.status === 503) expect(r.body).toMatchObject({ code: 'unavailable' });
      return v.status === 200 && r.status === 401;
    }, 15_000);
    // The revoked token never passed, not even before the list was back.
    expect(seen.every((s) => s === 401 || s === 503)).toBe(true);
  });

  it('refuses to vouch for a token while the list is missing, naming why', async () => {
    const m = await signUp(stack.url);
    expect((await userData(m.token)).status).toBe(200);
    // Stop the writer first, so the missing list stays missing.
    restorer().stop();
    try {
      await loseRedisData();
      const res = await userData(m.token);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        code: 'unavailable',
        message: REVOCATIONS_RESTORING,
      });
    } finally {
      restorer().start(200);
    }
    await eventually(async () => (await userData(m.token)).status === 200, 15_000);
  });
});
