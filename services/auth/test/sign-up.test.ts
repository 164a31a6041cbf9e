import request from 'supertest';
import { waitForMail } from '@swapbooth/test-kit';
import { otpKey } from '../src/data/codes/otp.store';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, codeFromMail, refreshCookieOf, uniqueEmail } from './support/accounts';

jest.setTimeout(60_000);

let stack: Stack;
let api: () => request.Agent;

beforeAll(async () => {
  stack = await startStack();
  api = () => request.agent(stack.url);
});
afterAll(() => stack?.stop());

const register = (email: string, password = PASSWORD) =>
  api().post('/api/auth/register').send({ email, password, authMethod: 'email', providerId: '' });

describe('sign-up with an e-mail code', () => {
  it('registers, e-mails a 6-digit code, verifies it and signs the member in', async () => {
    const email = uniqueEmail('signup');
    const reg = await register(email);
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ success: true, data: { email, is_verified: false } });

    const mail = await waitForMail(email, /verification code/i, 30_000);
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(otp).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe('Your Swapbooth verification code');
    expect(mail.html).toContain(otp);

    const verified = await api().post('/api/auth/verify-otp').send({ email, otp });
    expect(verified.status).toBe(200);
    expect(verified.body.data.token.split('.')).toHaveLength(3);
    expect(verified.body.data.user).toMatchObject({ email, is_verified: true });
    const cookie = verified.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);

    const profile = await api().get('/api/profile').set(auth(verified.body.data.token));
    expect(profile.status).toBe(200);
    expect(profile.body.data.user_profile).toMatchObject({
      user_id: verified.body.data.user.user_id,
      email,
      first_name: null,
    });
    expect(profile.body.data.stripe_data).toEqual({});
  });

  it('normalises the address, so a differently cased duplicate is refused with 409', async () => {
    const email = uniqueEmail('dup');
    expect((await register(email)).status).toBe(201);
    const again = await register(email.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.success).toBe(false);
  });

  it.each([
    [{ email: 'not-an-address', password: PASSWORD }, 'email'],
    [{ password: PASSWORD }, 'email'],
    [{ email: 'short@example.test', password: 'short' }, 'password'],
    [{ email: 'x@example.test', password: 12345678 }, 'password'],
    [{ email: 'x@example.test', password: PASSWORD, authMethod: 'carrier-pigeon' }, 'authMethod'],
  ])('answers 400 naming the field for a bad sign-up %#', async (body, field) => {
    const res = await api().post('/api/auth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(field);
  });

  it('tells what is wrong with a short password', async () => {
    const res = await register(uniqueEmail(), 'abc');
    expect(res.body.message).toBe('password: must be at least 8 characters');
  });

  it('locks a code after 5 wrong tries, even for the right code', async () => {
    const email = uniqueEmail('lock');
    await register(email);
    const otp = await codeFromMail(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api().post('/api/auth/verify-otp').send({ email, otp: wrong });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('otp');
    }
    const right = await api().post('/api/auth/verify-otp').send({ email, otp });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/locked/);
  });

  it('refuses a code that was already used', async () => {
    const email = uniqueEmail('reuse');
    await register(email);
    const otp = await codeFromMail(email);
    expect((await api().post('/api/auth/verify-otp').send({ email, otp })).status).toBe(200);
    const again = await api().post('/api/auth/verify-otp').send({ email, otp });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/expired or was already used/);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    await register(email);
    const otp = await codeFromMail(email);
    await stack.auth.ctx.redis.pexpire(otpKey(email), 1);
    await new Promise((r) => setTimeout(r, 20));
    const res = await api().post('/api/auth/verify-otp').send({ email, otp });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('resends a new code that replaces the previous one', async () => {
    const email = uniqueEmail('resend');
    await register(email);
    const first = await codeFromMail(email);
    const resend = await api().post('/api/otp/send-otp').send({ email });
    expect(resend.status).toBe(200);
    const second = await codeFromMail(email, [first]);
    expect((await api().post('/api/auth/verify-otp').send({ email, otp: first })).status).toBe(400);
    expect((await api().post('/api/auth/verify-otp').send({ email, otp: second })).status).toBe(
      200,
    );
  });

  it('rate-limits code e-mails per address with 429 and Retry-After', async () => {
    const email = uniqueEmail('flood');
    await register(email);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await api().post('/api/otp/send-otp').send({ email })).status);
    }
    // Sign-up sent one of the 5 allowed per window.
    expect(answers.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(answers[4]).toBe(429);
    const res = await api().post('/api/otp/send-otp').send({ email });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a resend for an unknown address like any other', async () => {
    const res = await api()
      .post('/api/otp/send-otp')
      .send({ email: uniqueEmail('nobody') });
    expect(res.status).toBe(200);
  });

  it('sets a refresh cookie only after verification', async () => {
    const email = uniqueEmail('cookie');
    const reg = await register(email);
    expect(refreshCookieOf(reg)).toBeUndefined();
  });
});
