import request from 'supertest';
import { listMail } from '@swapbooth/test-kit';
import { resetKey } from '../src/data/codes/reset-token.store';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, signUp, uniqueEmail, type Member } from './support/accounts';

jest.setTimeout(60_000);

const APP_URL = 'https://swapbooth.example';
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ APP_URL });
});
afterAll(() => stack?.stop());

const forgot = (email: string) =>
  request(stack.url).post('/api/auth/forgot-password').send({ email });
const reset = (token: string, newPassword = 'a-fresh-password') =>
  request(stack.url).post('/api/auth/reset-password').send({ token, newPassword });
const login = (email: string, password: string) =>
  request(stack.url).post('/api/auth/login').send({ email, password });

/** Reset links e-mailed to an address, oldest first. */
async function resetLinks(email: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const links = (await listMail())
      .filter((m) => m.to.some((t) => t.address === email) && /Reset your/.test(m.subject))
      .map((m) => /(https:\/\/\S+\/reset-password\?token=[^\s"<]+)/.exec(m.text)?.[1])
      .filter((l): l is string => l !== undefined);
    if (links.length >= count) return [...new Set(links)];
    if (Date.now() > deadline) throw new Error(`expected ${count} reset e-mails to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset', () => {
  let m: Member;
  beforeEach(async () => {
    m = await signUp(stack.url);
  });

  it('e-mails a link to the web app that sets a new password once', async () => {
    const res = await forgot(m.email);
    expect(res.status).toBe(200);
    const [link] = await resetLinks(m.email, 1);
    expect(link!.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);

    expect((await reset(tokenOf(link!))).status).toBe(200);
    expect((await login(m.email, 'a-fresh-password')).status).toBe(200);
    expect((await login(m.email, PASSWORD)).status).toBe(401);

    const again = await reset(tokenOf(link!), 'yet-another-password');
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('token');
  });

  it('ends every session of the member', async () => {
    await forgot(m.email);
    const [link] = await resetLinks(m.email, 1);
    await reset(tokenOf(link!));
    expect((await request(stack.url).get('/api/profile').set(auth(m.token))).status).toBe(401);
  });

  it('refuses an expired link', async () => {
    await forgot(m.email);
    const [link] = await resetLinks(m.email, 1);
    await stack.auth.ctx.redis.pexpire(resetKey(m.userId), 1);
    await new Promise((r) => setTimeout(r, 20));
    const res = await reset(tokenOf(link!));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('keeps only the newest link valid', async () => {
    await forgot(m.email);
    await resetLinks(m.email, 1);
    await forgot(m.email);
    const [first, second] = await resetLinks(m.email, 2);
    expect((await reset(tokenOf(first!))).status).toBe(400);
    expect((await reset(tokenOf(second!))).status).toBe(200);
  });

  it('refuses a tampered link', async () => {
    await forgot(m.email);
    const [link] = await resetLinks(m.email, 1);
    const token = tokenOf(link!);
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    expect((await reset(tampered)).status).toBe(400);
    expect((await reset(token)).status).toBe(200);
  });

  it('names the field when the new password is too short', async () => {
    const res = await reset('anything', 'short');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('newPassword: must be at least 8 characters');
  });
});

describe('forgot password', () => {
  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const m = await signUp(stack.url);
    const known = await forgot(m.email);
    const ghost = uniqueEmail('ghost');
    const unknown = await forgot(ghost);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await resetLinks(m.email, 1);
    expect((await listMail()).some((x) => x.to.some((t) => t.address === ghost))).toBe(false);
  });

  it('is rate-limited per address with 429 and Retry-After', async () => {
    const email = uniqueEmail('reset-flood');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await forgot(email)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await forgot(email);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
