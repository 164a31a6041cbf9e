import request from 'supertest';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, refreshCookieOf, signUp } from './support/accounts';

jest.setTimeout(60_000);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const refresh = (cookie?: string) => {
  const r = request(stack.url).post('/api/auth/refresh');
  return cookie ? r.set('Cookie', cookie) : r;
};
const profile = (token: string) => request(stack.url).get('/api/profile').set(auth(token));

describe('refresh tokens', () => {
  it('rotate: each refresh gives a new access token and a new refresh cookie', async () => {
    const m = await signUp(stack.url);
    const first = await refresh(m.cookie);
    expect(first.status).toBe(200);
    const next = refreshCookieOf(first)!;
    expect(next).toBeDefined();
    expect(next).not.toBe(m.cookie);
    expect((await profile(first.body.data.token)).status).toBe(200);
    const second = await refresh(next);
    expect(second.status).toBe(200);
  });

  it('detect reuse of a used token and end the whole family', async () => {
    const m = await signUp(stack.url);
    const rotated = await refresh(m.cookie);
    const successor = refreshCookieOf(rotated)!;

    const reuse = await refresh(m.cookie);
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toMatch(/already used/);

    expect((await refresh(successor)).status).toBe(401);
    expect((await profile(rotated.body.data.token)).status).toBe(401);
  });

  it('answer 401 without a refresh cookie', async () => {
    const res = await refresh();
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('No refresh token');
  });
});

describe('signing out', () => {
  it('makes the access token and the refresh cookie stop working', async () => {
    const m = await signUp(stack.url);
    const out = await request(stack.url)
      .post('/api/auth/logout')
      .set(auth(m.token))
      .set('Cookie', m.cookie);
    expect(out.status).toBe(200);
    expect(out.headers['set-cookie']?.[0]).toMatch(/swapbooth_refresh=;/);
    const after = await request(stack.url).get('/api/auth/user-data').set(auth(m.token));
    expect(after.status).toBe(401);
    expect((await refresh(m.cookie)).status).toBe(401);
  });

  it('succeeds even without a session', async () => {
    expect((await request(stack.url).post('/api/auth/logout')).status).toBe(200);
  });
});

describe('changing the password', () => {
  const change = (token: string, body: object) =>
    request(stack.url).put('/api/auth/change-password').set(auth(token)).send(body);

  it('ends the other sessions and gives the caller a fresh one', async () => {
    const m = await signUp(stack.url);
    const other = await request(stack.url)
      .post('/api/auth/login')
      .send({ email: m.email, password: PASSWORD });
    const res = await change(m.token, {
      currentPassword: PASSWORD,
      newPassword: 'a-brand-new-secret',
    });
    expect(res.status).toBe(200);
    expect((await profile(res.body.data.token)).status).toBe(200);
    expect((await profile(other.body.data.token)).status).toBe(401);
    expect((await profile(m.token)).status).toBe(401);
    expect((await refresh(refreshCookieOf(other)!)).status).toBe(401);
    expect((await refresh(refreshCookieOf(res)!)).status).toBe(200);

    const oldLogin = await request(stack.url)
      .post('/api/auth/login')
      .send({ email: m.email, password: PASSWORD });
    expect(oldLogin.status).toBe(401);
    const newLogin = await request(stack.url)
      .post('/api/auth/login')
      .send({ email: m.email, password: 'a-brand-new-secret' });
    expect(newLogin.status).toBe(200);
  });

  it('refuses a wrong current password and a too-short new one, naming the field', async () => {
    const m = await signUp(stack.url);
    const wrong = await change(m.token, {
      currentPassword: 'nope-nope',
      newPassword: 'long-enough-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('currentPassword');
    const short = await change(m.token, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('newPassword: must be at least 8 characters');
    expect((await profile(m.token)).status).toBe(200);
  });

  it('needs a signed-in member', async () => {
    const res = await request(stack.url)
      .put('/api/auth/change-password')
      .send({ currentPassword: PASSWORD, newPassword: 'whatever-long' });
    expect(res.status).toBe(401);
  });
});
