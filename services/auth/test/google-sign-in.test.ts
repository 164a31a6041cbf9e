import request from 'supertest';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, signUp, uniqueEmail } from './support/accounts';
import {
  GOOGLE_CLIENT_ID,
  fakeTokenEndpoint,
  googleCerts,
  googleIdToken,
  newGoogleSub,
  strangerKey,
  type FakeTokenEndpoint,
} from './support/google';

jest.setTimeout(60_000);

let stack: Stack;
let withoutGoogle: Stack;
let tokenEndpoint: FakeTokenEndpoint;

beforeAll(async () => {
  tokenEndpoint = await fakeTokenEndpoint();
  stack = await startStack(
    { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_TOKEN_URL: tokenEndpoint.url },
    { googleCerts },
  );
  withoutGoogle = await startStack({ GOOGLE_CLIENT_ID: '' }, {}, false);
});
afterAll(async () => {
  await stack?.stop();
  await withoutGoogle?.stop();
  await tokenEndpoint?.close();
});

const google = (body: object) => request(stack.url).post('/api/auth/google').send(body);

describe('Google sign-in', () => {
  it('tells the web client that Google sign-in is offered, with the client id', async () => {
    const res = await request(stack.url).get('/api/auth/providers');
    expect(res.body.data).toEqual({ email: true, google: true, googleClientId: GOOGLE_CLIENT_ID });
  });

  it('creates a verified account from a Google ID token and signs it in', async () => {
    const email = uniqueEmail('google-new');
    const idToken = googleIdToken({ email, given_name: 'Ada', family_name: 'Lovelace' });
    const res = await google({ credential: idToken });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, is_verified: true, auth_method: 'google' });
    const profile = await request(stack.url).get('/api/profile').set(auth(res.body.data.token));
    expect(profile.body.data.user_profile).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });

  it('signs the same Google account into the same member every time', async () => {
    const email = uniqueEmail('google-again');
    const sub = newGoogleSub();
    const first = await google({ idToken: googleIdToken({ email, sub }) });
    const second = await request(stack.url)
      .post('/api/auth/login')
      .send({ authMethod: 'google', providerId: googleIdToken({ email, sub }) });
    expect(second.status).toBe(200);
    expect(second.body.data.user.user_id).toBe(first.body.data.user.user_id);
  });

  it('links Google to an existing verified account with the same e-mail', async () => {
    const member = await signUp(stack.url);
    const res = await google({ idToken: googleIdToken({ email: member.email }) });
    expect(res.status).toBe(200);
    expect(res.body.data.user.user_id).toBe(member.userId);
    expect(res.body.data.user.google_linked).toBe(true);
    const login = await request(stack.url)
      .post('/api/auth/login')
      .send({ email: member.email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('verifies an unverified account it links to, and drops the password set before that', async () => {
    const email = uniqueEmail('google-claims');
    // Registered but never verified (the code e-mail is not needed for what is tested here).
    const registered = await request(stack.url)
      .post('/api/auth/register')
      .send({ email, password: PASSWORD });
    expect(registered.status).toBeLessThan(300);
    const res = await google({ idToken: googleIdToken({ email }) });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ is_verified: true, has_password: false });
    const login = await request(stack.url)
      .post('/api/auth/login')
      .send({ email, password: PASSWORD });
    expect(login.status).toBe(401);
  });

  it('exchanges an authorization code with its PKCE verifier', async () => {
    const email = uniqueEmail('google-code');
    tokenEndpoint.codes.set('code-123', googleIdToken({ email }));
    const verifier = 'v'.repeat(64);
    const res = await google({ code: 'code-123', codeVerifier: verifier });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(email);
    const sent = tokenEndpoint.requests.at(-1)!;
    expect(sent.get('code_verifier')).toBe(verifier);
    expect(sent.get('client_id')).toBe(GOOGLE_CLIENT_ID);
  });

  it('refuses an authorization code the provider does not accept', async () => {
    const res = await google({ code: 'unknown-code', codeVerifier: 'v'.repeat(64) });
    expect(res.status).toBe(401);
  });

  it.each([
    ['signed by another key', () => googleIdToken({ email: uniqueEmail() }, strangerKey)],
    ['for another app', () => googleIdToken({ email: uniqueEmail(), aud: 'someone-else' })],
    ['from another issuer', () => googleIdToken({ email: uniqueEmail(), iss: 'https://evil' })],
    ['expired', () => googleIdToken({ email: uniqueEmail(), expiresIn: -600 })],
    [
      'with an unverified e-mail',
      () => googleIdToken({ email: uniqueEmail(), email_verified: false }),
    ],
    ['that is not a token at all', () => 'not-a-token'],
  ])('refuses a Google token %s with 401', async (_what, make) => {
    const res = await google({ idToken: make() });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('answers a bad Google credential sent to login or register with 401', async () => {
    for (const path of ['/api/auth/login', '/api/auth/register']) {
      const res = await request(stack.url)
        .post(path)
        .send({
          authMethod: 'google',
          providerId: googleIdToken({ email: uniqueEmail() }, strangerKey),
        });
      expect(res.status).toBe(401);
    }
  });

  it('asks for a credential when none is given', async () => {
    const res = await google({});
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('idToken');
  });
});

describe('without a Google client id', () => {
  it('says Google sign-in is not offered', async () => {
    const res = await request(withoutGoogle.url).get('/api/auth/providers');
    expect(res.body.data.google).toBe(false);
  });

  it('answers Google sign-in with 501', async () => {
    const res = await request(withoutGoogle.url)
      .post('/api/auth/google')
      .send({ idToken: googleIdToken({ email: uniqueEmail() }) });
    expect(res.status).toBe(501);
    expect(res.body.message).toMatch(/Google sign-in is not available/);
  });
});
