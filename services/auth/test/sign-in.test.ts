import request from 'supertest';
import { signTestToken } from '@swapbooth/test-kit';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, codeFromMail, signUp, uniqueEmail } from './support/accounts';

jest.setTimeout(90_000);

let stack: Stack;
beforeAll(async () => {
  // A first delay long enough that a slow machine cannot outwait it between two requests.
  stack = await startStack({ SIGN_IN_DELAY_BASE_MS: '60000' });
});
afterAll(() => stack?.stop());

const login = (email: string, password = PASSWORD) =>
  request(stack.url).post('/api/auth/login').send({ email, password, authMethod: 'email' });

const adminToken = (extra: Record<string, unknown> = { role: 'admin' }) =>
  signTestToken('admin-1', { type: 'admin', audience: 'swapbooth-admin', extra });

const setStatus = (userId: string, status: string, token = adminToken()) =>
  request(stack.url)
    .patch(`/internal/users/${userId}/status`)
    .set(auth(token))
    .send({ status, reason: 'test' });

describe('signing in with e-mail and password', () => {
  it('signs a verified member in with a token and a refresh cookie', async () => {
    const m = await signUp(stack.url);
    const res = await login(m.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ user_id: m.userId, email: m.email });
    expect(res.headers['set-cookie']?.[0]).toMatch(/^swapbooth_refresh=/);
    const me = await request(stack.url).get('/api/auth/user-data').set(auth(res.body.data.token));
    expect(me.body.data).toMatchObject({ user_id: m.userId, is_verified: true, status: 'active' });
  });

  it('gives the same answer for a wrong password and an unknown address', async () => {
    const m = await signUp(stack.url);
    const wrong = await login(m.email, 'not-the-password');
    const unknown = await login(uniqueEmail('ghost'));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('tells an unverified member to verify and e-mails a fresh code', async () => {
    const email = uniqueEmail('unverified');
    await request(stack.url).post('/api/auth/register').send({ email, password: PASSWORD });
    const first = await codeFromMail(email);
    const res = await login(email);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      code: 'email_not_verified',
      data: { requires_verification: true, otp_sent: true },
    });
    const fresh = await codeFromMail(email, [first]);
    const verified = await request(stack.url)
      .post('/api/auth/verify-otp')
      .send({ email, otp: fresh });
    expect(verified.status).toBe(200);
  });

  it('slows down an address that keeps failing, while the member signs in from another', async () => {
    const m = await signUp(stack.url);
    const from = (ip: string, password: string) =>
      request(stack.url)
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: m.email, password });
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.10', 'wrong')).status).toBe(401);
    const slowed = await from('198.51.100.10', PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toMatch(/Too many failed sign-in attempts for this account/);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await from('198.51.100.11', PASSWORD)).status).toBe(200);
  });

  it('answers 400 naming the missing field', async () => {
    const res = await request(stack.url).post('/api/auth/login').send({ email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('password');
  });
});

describe('suspending a member', () => {
  it('ends their sessions, blocks sign-in with 403, and reinstating lets them back', async () => {
    const m = await signUp(stack.url);
    expect((await request(stack.url).get('/api/profile').set(auth(m.token))).status).toBe(200);

    const res = await setStatus(m.userId, 'suspended');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ user_id: m.userId, status: 'suspended' });

    expect((await request(stack.url).get('/api/profile').set(auth(m.token))).status).toBe(401);
    const refresh = await request(stack.url).post('/api/auth/refresh').set('Cookie', m.cookie);
    expect(refresh.status).toBe(401);
    const blocked = await login(m.email);
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toMatch(/suspended/);

    expect((await setStatus(m.userId, 'active')).status).toBe(200);
    expect((await login(m.email)).status).toBe(200);
  });

  it('takes the command only from an admin allowed to manage users', async () => {
    const m = await signUp(stack.url);
    expect((await setStatus(m.userId, 'suspended', m.token)).status).toBe(401);
    const noPermission = adminToken({ role: 'support', permissions: { products: true } });
    expect((await setStatus(m.userId, 'suspended', noPermission)).status).toBe(403);
    const withPermission = adminToken({ role: 'support', permissions: { users: true } });
    expect((await setStatus(m.userId, 'suspended', withPermission)).status).toBe(200);
  });

  it('refuses an unknown status with 400 and an unknown member with 404', async () => {
    const m = await signUp(stack.url);
    expect((await setStatus(m.userId, 'banished')).status).toBe(400);
    expect((await setStatus('no-such-user', 'suspended')).status).toBe(404);
  });
});
