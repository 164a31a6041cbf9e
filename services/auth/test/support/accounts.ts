import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describeBus, listMail } from '@swapbooth/test-kit';

export const PASSWORD = 'correct-horse-battery';

/** An address no other test (or earlier run) uses. */
export const uniqueEmail = (tag = 'member') =>
  `${tag}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.test`;

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

/**
 * Waits for a verification e-mail to this address whose code is not among `seen`; returns the
 * code. The e-mail travels auth → Kafka → notification → SMTP: a timeout tells where it stopped.
 */
export async function codeFromMail(email: string, seen: string[] = [], timeoutMs = 45_000) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    const codes = (await listMail())
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()))
      .filter((m) => /verification code/i.test(m.subject))
      .map((m) => codeIn(m.text))
      .filter((c): c is string => c !== undefined && !seen.includes(c));
    if (codes[0]) return codes[0];
    if (Date.now() > deadline) {
      throw new Error(
        `no new verification code e-mailed to ${email} within ${timeoutMs} ms\n${describeBus({ mentioning: email, since: started })}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The refresh cookie pair (`name=value`) from a response, if it set one. */
export function refreshCookieOf(res: request.Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const c = raw?.find((x) => x.startsWith('swapbooth_refresh='));
  const pair = c?.split(';')[0];
  return pair && pair !== 'swapbooth_refresh=' ? pair : undefined;
}

export interface Member {
  userId: string;
  email: string;
  token: string;
  cookie: string;
}

/** Registers, reads the code from MailDev and verifies: a signed-in member. */
export async function signUp(url: string, email = uniqueEmail()): Promise<Member> {
  const reg = await request(url)
    .post('/api/auth/register')
    .send({ email, password: PASSWORD, authMethod: 'email' });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${reg.text}`);
  const otp = await codeFromMail(email);
  const res = await request(url).post('/api/auth/verify-otp').send({ email, otp });
  if (res.status !== 200) throw new Error(`verify-otp answered ${res.status}: ${res.text}`);
  return {
    userId: res.body.data.user.user_id,
    email,
    token: res.body.data.token,
    cookie: refreshCookieOf(res)!,
  };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
