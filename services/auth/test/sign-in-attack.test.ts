import request from 'supertest';
import { signTestToken, waitForMail } from '@swapbooth/test-kit';
import { accountRef } from '../src/domain/sign-in-throttle';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, signUp, uniqueEmail } from './support/accounts';

jest.setTimeout(120_000);

const APP_URL = 'https://swapbooth.example';
let stack: Stack;
beforeAll(async () => {
  // The throttle's own defaults: this is the attack as it would meet production.
  stack = await startStack({ APP_URL });
});
afterAll(() => stack?.stop());

/** 25 addresses, each far under the gateway's per-address limit. */
const ATTACKERS = Array.from({ length: 25 }, (_, i) => `203.0.113.${i + 1}`);

const loginFrom = (ip: string, email: string, password: string) =>
  request(stack.url)
    .post('/api/auth/login')
    .set('X-Forwarded-For', ip)
    .send({ email, password, authMethod: 'email' });

/** ≥100 wrong passwords for one e-mail from the 25 addresses, 25 at a time. */
async function attack(email: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let round = 0; round < 5; round++) {
    const answers = await Promise.all(
      ATTACKERS.map((ip) => loginFrom(ip, email, `guess-${round}-${ip}`)),
    );
    statuses.push(...answers.map((a) => a.status));
  }
  return statuses;
}

const adminToken = () =>
  signTestToken('admin-1', {
    type: 'admin',
    audience: 'swapbooth-admin',
    extra: { role: 'admin' },
  });

async function signInLinkFor(email: string): Promise<string> {
  const mail = await waitForMail(email, /sign-in link/, 45_000);
  const link = /(https:\/\/\S+\/sign-in-link\?token=[^\s"<]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no sign-in link in the e-mail to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

const redeem = (token: string, ip = '192.0.2.50') =>
  request(stack.url)
    .post('/api/auth/sign-in-link/redeem')
    .set('X-Forwarded-For', ip)
    .send({ token });

function expectRefused(res: request.Response) {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(/Too many failed sign-in attempts for this account/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(300);
}

/** The sign-in throttles the auth service's metrics have counted so far. */
const throttlesCounted = async () =>
  (await stack.auth.ctx.metrics.signInThrottles.get()).values.reduce((n, v) => n + v.value, 0);

describe('a stranger guessing a member password from many addresses', () => {
  it('cannot keep the member out, stays refused, and the e-mailed link clears the counters', async () => {
    const m = await signUp(stack.url);
    const throttlesBefore = await throttlesCounted();
    const statuses = await attack(m.email);
    expect(statuses.length).toBeGreaterThanOrEqual(100);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThan(50);
    // Each refusal is counted in the service's metrics too.
    expect((await throttlesCounted()) - throttlesBefore).toBe(refused);

    // The member, from an address that never failed, signs in with the right password.
    const owner = await loginFrom('192.0.2.10', m.email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.user_id).toBe(m.userId);

    // The attacker's addresses are still refused, even with the right password.
    expectRefused(await loginFrom(ATTACKERS[0]!, m.email, PASSWORD));
    expectRefused(await loginFrom(ATTACKERS[24]!, m.email, 'another-guess'));

    // An admin can see the attack.
    const report = await request(stack.url)
      .get('/internal/sign-in-throttles?days=1')
      .set(auth(adminToken()));
    expect(report.status).toBe(200);
    const today = report.body.data.days[0];
    expect(today.throttled).toBeGreaterThan(50);
    expect(today.accounts).toContainEqual({
      account: accountRef(m.email),
      throttled: expect.any(Number),
    });

    // The member asks for a link; it signs in once and clears the counters.
    const asked = await request(stack.url).post('/api/auth/sign-in-link').send({ email: m.email });
    expect(asked.status).toBe(200);
    const token = await signInLinkFor(m.email);
    const viaLink = await redeem(token);
    expect(viaLink.status).toBe(200);
    expect(viaLink.body.data.user.user_id).toBe(m.userId);
    expect(viaLink.headers['set-cookie']?.[0]).toMatch(/^swapbooth_refresh=/);
    const me = await request(stack.url)
      .get('/api/auth/user-data')
      .set(auth(viaLink.body.data.token));
    expect(me.status).toBe(200);

    const again = await redeem(token);
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('token');

    expect((await loginFrom(ATTACKERS[0]!, m.email, PASSWORD)).status).toBe(200);
  });

  it('lets a completed password reset clear the counters too', async () => {
    const m = await signUp(stack.url);
    await attack(m.email);
    expectRefused(await loginFrom(ATTACKERS[3]!, m.email, PASSWORD));

    await request(stack.url).post('/api/auth/forgot-password').send({ email: m.email });
    const mail = await waitForMail(m.email, /Reset your/, 45_000);
    const link = /(https:\/\/\S+\/reset-password\?token=[^\s"<]+)/.exec(mail.text)![1]!;
    const reset = await request(stack.url)
      .post('/api/auth/reset-password')
      .send({
        token: new URL(link).searchParams.get('token'),
        newPassword: 'a-brand-new-password',
      });
    expect(reset.status).toBe(200);

    expect((await loginFrom(ATTACKERS[3]!, m.email, 'a-brand-new-password')).status).toBe(200);
  });
});

describe('asking for a sign-in link', () => {
  const ask = (email: string) => request(stack.url).post('/api/auth/sign-in-link').send({ email });

  it('answers the same whether or not an account exists, and limits how often', async () => {
    const m = await signUp(stack.url);
    const known = await ask(m.email);
    const ghost = uniqueEmail('ghost');
    const unknown = await ask(ghost);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    for (let i = 0; i < 4; i++) expect((await ask(ghost)).status).toBe(200);
    const limited = await ask(ghost);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a link that is not one with 400 naming the token', async () => {
    const res = await redeem('not-a-user.not-a-secret');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('token');
    expect((await request(stack.url).post('/api/auth/sign-in-link').send({})).body.field).toBe(
      'email',
    );
  });
});
