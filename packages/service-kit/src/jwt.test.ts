import { generateKeyPairSync, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { verifyToken, type TokenVerifierOptions } from './jwt';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const keys = pair();
const opts: TokenVerifierOptions = {
  publicKey: keys.publicKey,
  issuer: 'swapbooth-auth',
  audience: 'swapbooth-api',
  type: 'access',
};
const sign = (expiresIn = 900, privateKey = keys.privateKey) =>
  jwt.sign({ typ: 'access' }, privateKey, {
    algorithm: 'RS256',
    subject: 'member-1',
    audience: 'swapbooth-api',
    issuer: 'swapbooth-auth',
    expiresIn,
    jwtid: randomUUID(),
  });

afterEach(() => jest.restoreAllMocks());

describe('verifyToken on a token it verified before', () => {
  test('answers the same principal again', () => {
    const token = sign();
    const first = verifyToken(token, opts);
    expect(verifyToken(token, opts)).toEqual(first);
    expect(first.userId).toBe('member-1');
  });

  test('refuses it once it has expired', () => {
    const token = sign(60);
    const { expiresAt } = verifyToken(token, opts);
    jest.spyOn(Date, 'now').mockReturnValue(expiresAt * 1000);
    expect(() => verifyToken(token, opts)).toThrow('Invalid or expired token');
  });

  test('refuses it for another audience, type or key', () => {
    const token = sign();
    verifyToken(token, opts);
    expect(() => verifyToken(token, { ...opts, audience: 'swapbooth-admin' })).toThrow();
    expect(() => verifyToken(token, { ...opts, type: 'admin' })).toThrow('Wrong token type');
    expect(() => verifyToken(token, { ...opts, publicKey: pair().publicKey })).toThrow(
      'Invalid or expired token',
    );
  });

  test('a changed caller copy does not change the next answer', () => {
    const token = sign();
    const first = verifyToken(token, opts);
    first.userId = 'someone-else';
    expect(verifyToken(token, opts).userId).toBe('member-1');
  });
});
