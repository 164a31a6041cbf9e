import request from 'supertest';
import {
  apiFailure,
  authEndpoints,
  checkResponse,
  emailNotVerifiedResponse,
  userStatusResponse,
} from '@swapbooth/contracts';
import { listMail, signTestToken } from '@swapbooth/test-kit';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, codeFromMail, refreshCookieOf, uniqueEmail } from './support/accounts';
import { fakePayment, type FakePayment } from './support/fake-payment';
import { GOOGLE_CLIENT_ID, googleCerts, googleIdToken } from './support/google';

jest.setTimeout(120_000);

const APP_URL = 'https://swapbooth.example';
let stack: Stack;
let payment: FakePayment;
beforeAll(async () => {
  payment = await fakePayment();
  stack = await startStack(
    { APP_URL, GOOGLE_CLIENT_ID, PAYMENT_URL: payment.url, PAYMENT_TIMEOUT_MS: '1000' },
    { googleCerts },
  );
});
afterAll(async () => {
  await stack?.stop();
  await payment?.close();
});

type Endpoint = keyof typeof authEndpoints;
const checked = new Set<Endpoint>();
/** The answer's `data`, after checking it against the endpoint's contract. */
function check<K extends Endpoint>(key: K, answer: request.Response) {
  checked.add(key);
  return checkResponse(authEndpoints, key, answer);
}

const api = () => request(stack.url);

/** The token of the newest e-mailed link to `page` (reset-password, sign-in-link) sent to `email`. */
async function mailedToken(email: string, page: string): Promise<string> {
  const deadline = Date.now() + 45_000;
  const pattern = new RegExp(`https://\\S+/${page}\\?token=([^\\s"<&]+)`);
  for (;;) {
    const link = (await listMail())
      .filter((m) => m.to.some((t) => t.address === email))
      .map((m) => pattern.exec(m.text)?.[1])
      .find((t) => t !== undefined);
    if (link) return decodeURIComponent(link);
    if (Date.now() > deadline) throw new Error(`no ${page} e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const form = {
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+1 212 555 0100',
  dob: '1990-12-09',
  gender: 'female',
  profileImage: 'https://cdn.example/avatar.png',
  country: 'US',
  state: 'NY',
  city: 'New York',
  zipCode: '10001',
  street1: '1 Main St',
  street2: 'Apt 2',
  fullName: 'Grace Hopper',
  addressPhone: '212-555-0101',
};

describe('auth answers', () => {
  it('match their contracts on every endpoint', async () => {
    check('GET /api/auth/providers', await api().get('/api/auth/providers'));

    // Sign-up by e-mail code, and by Google.
    const email = uniqueEmail('contract');
    check(
      'POST /api/auth/register',
      await api()
        .post('/api/auth/register')
        .send({ email, password: PASSWORD, authMethod: 'email' }),
    );
    const verified = await api()
      .post('/api/auth/verify-otp')
      .send({ email, otp: await codeFromMail(email) });
    const me = check('POST /api/auth/verify-otp', verified).user.user_id;
    const other = check(
      'POST /api/auth/google',
      await api()
        .post('/api/auth/google')
        .send({ credential: googleIdToken({ email: uniqueEmail('contract-google') }) }),
    ).user;

    const signedIn = await api().post('/api/auth/login').send({ email, password: PASSWORD });
    let token = check('POST /api/auth/login', signedIn).token;
    const refreshed = await api()
      .post('/api/auth/refresh')
      .set('Cookie', refreshCookieOf(signedIn)!);
    token = check('POST /api/auth/refresh', refreshed).token;
    check('GET /api/auth/user-data', await api().get('/api/auth/user-data').set(auth(token)));

    // The profile, with payment data and a default address.
    payment.answers.set(me, {
      status: 200,
      body: { success: true, data: { is_kyc_verified: true, customer_id: 'cus_1' } },
    });
    check('GET /api/profile', await api().get('/api/profile').set(auth(token)));
    check('POST /api/profile', await api().post('/api/profile').set(auth(token)).send(form));
    const saved = check(
      'PUT /api/profile',
      await api()
        .put('/api/profile')
        .set(auth(token))
        .send({ ...form, firstName: 'Ada' }),
    );
    expect(saved.default_address).toMatchObject({ zip_code: '10001', is_default: true });
    expect(saved.stripe_data).toEqual({ is_kyc_verified: true, customer_id: 'cus_1' });
    expect(
      check(
        'GET /api/user/email/{email}',
        await api()
          .get(`/api/user/email/${encodeURIComponent(email)}`)
          .set(auth(token)),
      ),
    ).toMatchObject({ exists: true, user: { user_id: me, first_name: 'Ada' } });

    // The address book.
    check('GET /api/addresses', await api().get('/api/addresses').set(auth(token)));
    const added = check(
      'POST /api/addresses',
      await api().post('/api/addresses').set(auth(token)).send({
        country: 'US',
        state: 'CA',
        city: 'San Francisco',
        zip_code: '94110',
        street1: '2 Valencia St',
      }),
    );
    const at = `/${encodeURIComponent(added.address_id)}`;
    check(
      'PUT /api/addresses/{id}',
      await api().put(`/api/addresses${at}`).set(auth(token)).send({ street2: 'Unit 5' }),
    );
    check(
      'PUT /api/addresses/default/{id}',
      await api()
        .put(`/api/addresses/default${at}`)
        .set(auth(token))
        .send({ user_id: me, is_default: true }),
    );
    check('GET /api/address/{id}', await api().get(`/api/address${at}`).set(auth(token)));
    check(
      'GET /api/default-address/{userId}',
      await api().get(`/api/default-address/${me}`).set(auth(token)),
    );
    expect(
      check('DELETE /api/address/{id}', await api().delete(`/api/address${at}`).set(auth(token))),
    ).toEqual({ address_id: added.address_id, default_address_id: expect.any(String) });

    // Following.
    const follow = (action: 'follow' | 'unfollow') =>
      api()
        .post(`/api/following/${action}`)
        .set(auth(token))
        .send({ followingUserId: other.user_id });
    check('POST /api/following/follow', await follow('follow'));
    check(
      'GET /api/following/following',
      await api().get('/api/following/following').set(auth(token)),
    );
    check(
      'GET /api/following/followers',
      await api().get('/api/following/followers').set(auth(token)),
    );
    const followers = check(
      'GET /api/following/followers/{id}',
      await api().get(`/api/following/followers/${other.user_id}`),
    );
    expect(followers.followers.map((u) => u.user_id)).toEqual([me]);
    check('GET /api/following/following/{id}', await api().get(`/api/following/following/${me}`));
    check(
      'GET /api/following/status/{id}',
      await api().get(`/api/following/status/${other.user_id}`).set(auth(token)),
    );
    check('POST /api/following/unfollow', await follow('unfollow'));

    // Blocking (after the follow, which the block would refuse).
    const blocks = (method: 'get' | 'post' | 'delete', path = `/${other.user_id}`) =>
      api()[method](`/api/auth/blocks${path}`).set(auth(token));
    check('POST /api/auth/blocks/{userId}', await blocks('post'));
    check('GET /api/auth/blocks/{userId}', await blocks('get'));
    const blocked = check('GET /api/auth/blocks', await blocks('get', ''));
    expect(blocked.blocks.map((u) => u.user_id)).toEqual([other.user_id]);
    check('DELETE /api/auth/blocks/{userId}', await blocks('delete'));

    // Passwords and signing out.
    token = check(
      'PUT /api/auth/change-password',
      await api()
        .put('/api/auth/change-password')
        .set(auth(token))
        .send({ currentPassword: PASSWORD, newPassword: 'another-long-password' }),
    ).token;
    check(
      'POST /api/auth/forgot-password',
      await api().post('/api/auth/forgot-password').send({ email }),
    );
    check(
      'POST /api/auth/reset-password',
      await api()
        .post('/api/auth/reset-password')
        .send({
          token: await mailedToken(email, 'reset-password'),
          newPassword: 'a-third-long-password',
        }),
    );
    check('POST /api/auth/logout', await api().post('/api/auth/logout').set(auth(token)));
    check(
      'POST /api/auth/sign-in-link',
      await api().post('/api/auth/sign-in-link').send({ email }),
    );
    const linked = check(
      'POST /api/auth/sign-in-link/redeem',
      await api()
        .post('/api/auth/sign-in-link/redeem')
        .send({ token: await mailedToken(email, 'sign-in-link') }),
    );
    expect(linked.user.email).toBe(email);

    // An account whose e-mail is not verified yet.
    const waiting = uniqueEmail('contract-waiting');
    await api()
      .post('/api/auth/register')
      .send({ email: waiting, password: PASSWORD, authMethod: 'email' });
    check('POST /api/otp/send-otp', await api().post('/api/otp/send-otp').send({ email: waiting }));
    const refused = await api()
      .post('/api/auth/login')
      .send({ email: waiting, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(() => emailNotVerifiedResponse.parse(refused.body)).not.toThrow();

    expect([...checked].sort()).toEqual(Object.keys(authEndpoints).sort());
  });

  it('answers the admin service’s status change in its contract', async () => {
    const user = check(
      'POST /api/auth/google',
      await api()
        .post('/api/auth/google')
        .send({ credential: googleIdToken({ email: uniqueEmail('contract-admin') }) }),
    ).user;
    const admin = signTestToken('admin-1', {
      type: 'admin',
      audience: 'swapbooth-admin',
      extra: { role: 'admin' },
    });
    const res = await api()
      .patch(`/internal/users/${user.user_id}/status`)
      .set(auth(admin))
      .send({ status: 'suspended', reason: 'contract check' });
    expect(res.status).toBe(200);
    expect(userStatusResponse.parse(res.body.data)).toEqual({
      user_id: user.user_id,
      status: 'suspended',
    });
  });

  it('answers bad input in the failure envelope, naming the field', async () => {
    const res = await api()
      .post('/api/auth/register')
      .send({ authMethod: 'email', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(apiFailure.parse(res.body)).toMatchObject({ code: 'invalid', field: 'email' });
  });
});
