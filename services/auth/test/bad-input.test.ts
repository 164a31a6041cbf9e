import request from 'supertest';
import { startStack, type Stack } from './support/stack';
import { auth, signUp, type Member } from './support/accounts';

jest.setTimeout(60_000);

let stack: Stack;
let m: Member;
let addressId: string;
beforeAll(async () => {
  stack = await startStack();
  m = await signUp(stack.url);
  addressId = (
    await request(stack.url).post('/api/addresses').set(auth(m.token)).send({
      state: 'NY',
      city: 'New York',
      zip_code: '10001',
      street1: '1 Main St',
    })
  ).body.data.address_id;
});
afterAll(() => stack?.stop());

const hostile: unknown[] = [
  [],
  [1, 2],
  { email: { $gt: '' }, password: { $ne: null } },
  { email: ['a@example.test'], otp: 123456, token: { a: 1 } },
  { email: 'a@example.test', password: 'x'.repeat(100_000) },
  { followingUserId: { $ne: null }, user_id: { $ne: null }, userId: ['x'] },
  { is_default: {}, zip_code: 10001, firstName: 42, dob: null, authMethod: 7 },
  { credential: 'a.b.c', code: { x: 1 }, codeVerifier: 'short' },
];

const calls: Array<[string, string, boolean]> = [
  ['post', '/api/auth/register', false],
  ['post', '/api/auth/login', false],
  ['post', '/api/auth/verify-otp', false],
  ['post', '/api/otp/send-otp', false],
  ['post', '/api/auth/forgot-password', false],
  ['post', '/api/auth/reset-password', false],
  ['post', '/api/auth/google', false],
  ['put', '/api/auth/change-password', true],
  ['post', '/api/profile', true],
  ['put', '/api/profile', true],
  ['post', '/api/addresses', true],
  ['put', '/api/addresses/ADDRESS', true],
  ['put', '/api/addresses/default/ADDRESS', true],
  ['post', '/api/following/follow', true],
  ['post', '/api/following/unfollow', true],
];

describe('hostile or malformed input', () => {
  it('never gets a 500 from any call', async () => {
    const failures: string[] = [];
    for (const [method, rawPath, signedIn] of calls) {
      const path = rawPath.replace('ADDRESS', addressId);
      for (const body of hostile) {
        let r = (request(stack.url) as unknown as Record<string, (p: string) => request.Test>)[
          method
        ]!(path);
        if (signedIn) r = r.set(auth(m.token));
        const res = await r.send(body as object);
        if (res.status >= 500)
          failures.push(`${method} ${rawPath} ${JSON.stringify(body).slice(0, 60)}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers malformed JSON, odd paths and odd queries with 4xx', async () => {
    const broken = await request(stack.url)
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email":');
    expect(broken.status).toBe(400);
    const longId = await request(stack.url)
      .get(`/api/address/${'x'.repeat(300)}`)
      .set(auth(m.token));
    expect(longId.status).toBe(400);
    const page = await request(stack.url).get(`/api/following/followers/${m.userId}?page=abc`);
    expect(page.status).toBe(400);
    const cookie = await request(stack.url)
      .post('/api/auth/refresh')
      .set('Cookie', 'swapbooth_refresh=%E0%A4%A');
    expect(cookie.status).toBe(401);
    const email = await request(stack.url).get('/api/user/email/%E0%A4%A').set(auth(m.token));
    expect(email.status).toBeLessThan(500);
  });

  it('finds no account through operator injection in sign-in', async () => {
    const res = await request(stack.url)
      .post('/api/auth/login')
      .send({ email: { $ne: null }, password: { $ne: null } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('email');
  });
});
