import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';

export const GOOGLE_CLIENT_ID = 'swapbooth-test.apps.googleusercontent.com';
const KID = 'test-key-1';

/** A local stand-in for Google's signing keys: tests sign their own Google-like ID tokens. */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

export const googleCerts = async () => ({ [KID]: publicPem });

export interface GoogleClaims {
  sub?: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
  aud?: string;
  iss?: string;
  expiresIn?: number;
}

export const newGoogleSub = () => `g-${randomBytes(8).toString('hex')}`;

export function googleIdToken(c: GoogleClaims, key: string = privatePem): string {
  const {
    expiresIn = 600,
    aud = GOOGLE_CLIENT_ID,
    iss = 'https://accounts.google.com',
    ...rest
  } = c;
  return jwt.sign({ sub: newGoogleSub(), email_verified: true, ...rest }, key, {
    algorithm: 'RS256',
    keyid: KID,
    audience: aud,
    issuer: iss,
    expiresIn,
  });
}

/** A key Google never used: tokens signed with it must be refused. */
export const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

export interface FakeTokenEndpoint {
  url: string;
  /** code → the ID token the exchange answers with. */
  codes: Map<string, string>;
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/** A local OAuth token endpoint for authorization-code exchanges. */
export async function fakeTokenEndpoint(): Promise<FakeTokenEndpoint> {
  const codes = new Map<string, string>();
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const idToken = codes.get(form.get('code') ?? '');
      res.setHeader('content-type', 'application/json');
      if (!idToken || form.get('grant_type') !== 'authorization_code') {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: 'invalid_grant' }));
        return;
      }
      res.end(
        JSON.stringify({
          access_token: 'ya29.test',
          id_token: idToken,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'openid profile email',
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/token`,
    codes,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
