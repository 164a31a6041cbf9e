import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import jwt from 'jsonwebtoken';
import { signTestToken } from '@swapbooth/test-kit';
import { startStack, type Stack } from './support/stack';

jest.setTimeout(60_000);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({}, {}, false);
});
afterAll(() => stack?.stop());

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const claims = (sub: string) => ({
  sub,
  jti: randomUUID(),
  iss: 'swapbooth-auth',
  aud: 'swapbooth-api',
  typ: 'access',
  iat: now(),
  exp: now() + 600,
});
const publicKey = () => readFileSync(process.env.JWT_PUBLIC_KEY_FILE!, 'utf8');
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
});

/** A protected call that succeeds for any valid member token. */
const probe = (token?: string) => {
  const r = request(stack.url).get('/api/addresses');
  return token ? r.set('Authorization', `Bearer ${token}`) : r;
};

describe('forged or broken access tokens', () => {
  it('accepts a genuine token (the probe works)', async () => {
    expect((await probe(signTestToken(randomUUID()))).status).toBe(200);
  });

  const forgeries: Array<[string, () => string]> = [
    ['with alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims('u1'))}.`],
    [
      'signed HS256 with the public key as the secret',
      () => jwt.sign(claims('u1'), publicKey(), { algorithm: 'HS256' }),
    ],
    ['signed by another key', () => jwt.sign(claims('u1'), otherKey, { algorithm: 'RS256' })],
    ['that has expired', () => signTestToken('u1', { expiresIn: -60 })],
    ['not valid yet (future nbf)', () => signTestToken('u1', { extra: { nbf: now() + 3600 } })],
    ['for another audience', () => signTestToken('u1', { audience: 'swapbooth-admin' })],
    ['from another issuer', () => signTestToken('u1', { issuer: 'someone-else' })],
    ['of type refresh', () => signTestToken('u1', { type: 'refresh' })],
    [
      'of type admin with the admin audience',
      () => signTestToken('u1', { type: 'admin', audience: 'swapbooth-admin' }),
    ],
    [
      'with a tampered payload',
      () => {
        const [h, , s] = signTestToken('u1').split('.');
        return `${h}.${b64(claims('someone-else'))}.${s}`;
      },
    ],
    ['without a subject', () => signedWithout('sub')],
    ['without an id', () => signedWithout('jti')],
    ['without an expiry', () => signedWithout('exp')],
    ['that is not a token', () => 'not.a.token'],
  ];

  it.each(forgeries)('refuses a token %s with 401', async (_what, make) => {
    const res = await probe(make());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('refuses a request without a token with 401', async () => {
    const res = await probe();
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('No authentication token');
  });
});

/** A token signed with the real key but missing one claim. */
function signedWithout(claim: keyof ReturnType<typeof claims>): string {
  const c: Partial<ReturnType<typeof claims>> = claims('u1');
  delete c[claim];
  return jwt.sign(c, readFileSync(process.env.JWT_PRIVATE_KEY_FILE!, 'utf8'), {
    algorithm: 'RS256',
  });
}
