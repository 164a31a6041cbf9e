import request from 'supertest';
import { waitForMail } from '@swapbooth/test-kit';
import { startStack, type Stack } from './support/stack';
import { auth, codeFromMail, uniqueEmail } from './support/accounts';

jest.setTimeout(120_000);

const APP_URL = 'https://swapbooth.example';
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ APP_URL });
});
afterAll(() => stack?.stop());

const ATTACKER_PASSWORD = 'the-attackers-own-password';

const login = (email: string, password: string) =>
  request(stack.url).post('/api/auth/login').send({ email, password, authMethod: 'email' });

/** A stranger registers the victim's address with a password of their own, and never verifies it. */
async function preRegister(email: string) {
  const reg = await request(stack.url)
    .post('/api/auth/register')
    .send({ email, password: ATTACKER_PASSWORD, authMethod: 'email' });
  expect(reg.status).toBe(201);
}

async function tokenFromMail(email: string, subject: RegExp, page: string): Promise<string> {
  const mail = await waitForMail(email, subject, 45_000);
  const link = new RegExp(`(https://\\S+/${page}\\?token=[^\\s"<]+)`).exec(mail.text)?.[1];
  if (!link) throw new Error(`no ${page} link in the e-mail to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

describe('an account registered by someone who does not own the address', () => {
  it('loses the password it was registered with when the owner signs in with an e-mailed link', async () => {
    const victim = uniqueEmail('victim');
    await preRegister(victim);

    expect(
      (await request(stack.url).post('/api/auth/sign-in-link').send({ email: victim })).status,
    ).toBe(200);
    const token = await tokenFromMail(victim, /sign-in link/, 'sign-in-link');
    const owner = await request(stack.url).post('/api/auth/sign-in-link/redeem').send({ token });
    expect(owner.status).toBe(200);

    // The stranger's password no longer opens the now verified account.
    const stranger = await login(victim, ATTACKER_PASSWORD);
    expect(stranger.status).toBe(401);

    // The owner's own session stands; the account has no password until the owner sets one.
    expect(
      (await request(stack.url).get('/api/auth/user-data').set(auth(owner.body.data.token))).status,
    ).toBe(200);
    const change = await request(stack.url)
      .put('/api/auth/change-password')
      .set(auth(owner.body.data.token))
      .send({ currentPassword: ATTACKER_PASSWORD, newPassword: 'the-owners-password' });
    expect(change.status).toBe(400);
    expect(change.body.field).toBe('currentPassword');
  });

  it('keeps the password of an account whose address was proven when it was set', async () => {
    const email = uniqueEmail('owner');
    // Registered and verified with the code by the address's owner, who later uses a link.
    await preRegister(email);
    const otp = await codeFromMail(email);
    expect(
      (await request(stack.url).post('/api/auth/verify-otp').send({ email, otp })).status,
    ).toBe(200);

    await request(stack.url).post('/api/auth/sign-in-link').send({ email });
    const token = await tokenFromMail(email, /sign-in link/, 'sign-in-link');
    expect(
      (await request(stack.url).post('/api/auth/sign-in-link/redeem').send({ token })).status,
    ).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(200);
  });

  it('loses the password it was registered with when the owner resets it', async () => {
    const victim = uniqueEmail('victim');
    await preRegister(victim);
    await request(stack.url).post('/api/auth/forgot-password').send({ email: victim });
    const token = await tokenFromMail(victim, /Reset your/, 'reset-password');
    const reset = await request(stack.url)
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'the-owners-password' });
    expect(reset.status).toBe(200);
    expect((await login(victim, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(victim, 'the-owners-password')).status).toBe(200);
  });
});
