import request from 'supertest';
import { waitForMail } from '@swapbooth/test-kit';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, signUp } from './support/accounts';

jest.setTimeout(120_000);

const APP_URL = 'https://swapbooth.example';
const CAP = 8;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    APP_URL,
    SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: String(CAP),
    // A first delay long enough that a slow machine cannot outwait it between two requests.
    SIGN_IN_DELAY_BASE_MS: '60000',
  });
});
afterAll(() => stack?.stop());

let nextAddress = 1;
/** An address never used before: what an attacker who may pick any address per request sends. */
const freshAddress = () => `198.18.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const loginFrom = (ip: string, email: string, password: string) =>
  request(stack.url)
    .post('/api/auth/login')
    .set('X-Forwarded-For', ip)
    .send({ email, password, authMethod: 'email' });

function expectAccountRefused(res: request.Response, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(/Too many failed sign-in attempts for this account/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('the per-account cap on failed sign-ins', () => {
  it('refuses every address once an account failed too often, until the owner proves the address', async () => {
    const m = await signUp(stack.url);
    const statuses: number[] = [];
    for (let i = 0; i < CAP + 3; i++) {
      statuses.push((await loginFrom(freshAddress(), m.email, `guess-${i}`)).status);
    }
    expect(statuses.slice(0, CAP)).toEqual(Array(CAP).fill(401));
    expect(statuses.slice(CAP)).toEqual([429, 429, 429]);

    // Even the right password from an address that never failed waits now.
    expectAccountRefused(await loginFrom(freshAddress(), m.email, PASSWORD), 3600);

    // The e-mailed link proves the owner and lifts the cap.
    await request(stack.url).post('/api/auth/sign-in-link').send({ email: m.email });
    const mail = await waitForMail(m.email, /sign-in link/, 45_000);
    const link = /(https:\/\/\S+\/sign-in-link\?token=[^\s"<]+)/.exec(mail.text)![1]!;
    const token = new URL(link).searchParams.get('token');
    expect(
      (await request(stack.url).post('/api/auth/sign-in-link/redeem').send({ token })).status,
    ).toBe(200);
    expect((await loginFrom(freshAddress(), m.email, PASSWORD)).status).toBe(200);
  });
});

describe('wrong current passwords when changing the password', () => {
  const change = (token: string, ip: string, currentPassword: string) =>
    request(stack.url)
      .put('/api/auth/change-password')
      .set(auth(token))
      .set('X-Forwarded-For', ip)
      .send({ currentPassword, newPassword: 'a-brand-new-password' });

  it('are counted with the failed sign-ins, so a stolen session cannot guess the password', async () => {
    const m = await signUp(stack.url);
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(m.token, ip, `guess-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);

    // The right password waits too, from that address, and so does signing in from it.
    expectAccountRefused(await change(m.token, ip, PASSWORD), 300);
    expectAccountRefused(await loginFrom(ip, m.email, PASSWORD), 300);
    // The owner, from an address that never failed, is not slowed.
    expect((await loginFrom(freshAddress(), m.email, PASSWORD)).status).toBe(200);
  });
});
