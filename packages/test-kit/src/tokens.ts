import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import jwt, { type SignOptions } from 'jsonwebtoken';

/** Signs a member access token the way the auth service does, with the test run's key. */
export function signTestToken(
  userId: string,
  opts: {
    type?: string;
    audience?: string;
    issuer?: string;
    expiresIn?: number;
    extra?: Record<string, unknown>;
    jti?: string;
  } = {},
): string {
  const key = readFileSync(process.env.JWT_PRIVATE_KEY_FILE as string, 'utf8');
  const sign: SignOptions = {
    algorithm: 'RS256',
    subject: userId,
    audience: opts.audience ?? 'swapbooth-api',
    issuer: opts.issuer ?? 'swapbooth-auth',
    expiresIn: opts.expiresIn ?? 900,
    jwtid: opts.jti ?? randomUUID(),
  };
  return jwt.sign({ typ: opts.type ?? 'access', ...opts.extra }, key, sign);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A member of a test: an id unique per call, an access token signed for it, and an address. */
export interface TestMember {
  id: string;
  token: string;
  email: string;
}

/** A new member with a signed access token (ids are unique per call). */
export function newMember(): TestMember {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id), email: `${id}@example.test` };
}
