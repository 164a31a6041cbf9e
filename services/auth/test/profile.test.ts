import request from 'supertest';
import { startStack, type Stack } from './support/stack';
import { PASSWORD, auth, signUp, uniqueEmail, type Member } from './support/accounts';
import { fakePayment, type FakePayment } from './support/fake-payment';

jest.setTimeout(60_000);

let stack: Stack;
let payment: FakePayment;
beforeAll(async () => {
  payment = await fakePayment();
  stack = await startStack({ PAYMENT_URL: payment.url, PAYMENT_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await stack?.stop();
  await payment?.close();
});

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

const getProfile = (m: Member) => request(stack.url).get('/api/profile').set(auth(m.token));
const saveProfile = (m: Member, body: object, method: 'post' | 'put' = 'post') =>
  request(stack.url)[method]('/api/profile').set(auth(m.token)).send(body);

describe('the profile', () => {
  it('saves the form and its default address, and shows them back', async () => {
    const m = await signUp(stack.url);
    const res = await saveProfile(m, { ...form, email: m.email, userId: m.userId });
    expect(res.status).toBe(200);
    const { data } = (await getProfile(m)).body;
    expect(data.user_profile).toEqual({
      user_id: m.userId,
      first_name: 'Grace',
      last_name: 'Hopper',
      profile_image: 'https://cdn.example/avatar.png',
      username: null,
      email: m.email,
      phone: '+1 212 555 0100',
      dob: '1990-12-09',
      gender: 'female',
    });
    expect(data.default_address).toMatchObject({
      zip_code: '10001',
      city: 'New York',
      street2: 'Apt 2',
      full_name: 'Grace Hopper',
      phone: '212-555-0101',
      is_default: true,
    });
  });

  it('updates the existing default address instead of adding another', async () => {
    const m = await signUp(stack.url);
    await saveProfile(m, form);
    await saveProfile(m, { city: 'Beverly Hills', state: 'CA', zipCode: '90210' }, 'put');
    const list = await request(stack.url).get('/api/addresses').set(auth(m.token));
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ zip_code: '90210', street1: '1 Main St' });
  });

  it('clears an optional field sent empty and leaves fields not sent alone', async () => {
    const m = await signUp(stack.url);
    await saveProfile(m, form);
    await saveProfile(m, { gender: '', firstName: 'Ada' }, 'put');
    const p = (await getProfile(m)).body.data.user_profile;
    expect(p).toMatchObject({ first_name: 'Ada', last_name: 'Hopper', gender: null });
  });

  it('shows the payment data of the member, asked with their own token', async () => {
    const m = await signUp(stack.url);
    payment.answers.set(m.userId, {
      status: 200,
      body: { success: true, data: { is_kyc_verified: true, customer_id: 'cus_1' } },
    });
    const res = await getProfile(m);
    expect(res.body.data.stripe_data).toEqual({ is_kyc_verified: true, customer_id: 'cus_1' });
    expect(payment.seenAuthorization.get(m.userId)).toBe(`Bearer ${m.token}`);
  });

  it('shows empty payment data when the payment service has none, fails or is slow', async () => {
    const m = await signUp(stack.url);
    expect((await getProfile(m)).body.data.stripe_data).toEqual({});
    payment.answers.set(m.userId, { status: 500, body: { success: false } });
    expect((await getProfile(m)).body.data.stripe_data).toEqual({});
    payment.answers.set(m.userId, { status: 200, body: { data: { x: 1 } }, delayMs: 2000 });
    const started = Date.now();
    const slow = await getProfile(m);
    expect(slow.status).toBe(200);
    expect(slow.body.data.stripe_data).toEqual({});
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it.each([
    [{ dob: '31/12/1990' }, 'dob'],
    [{ dob: '2999-01-01' }, 'dob'],
    [{ zipCode: '1234' }, 'zipCode'],
    [{ zipCode: '00000' }, 'zipCode'],
    [{ phone: 'call me' }, 'phone'],
    [{ profileImage: 'javascript:alert(1)' }, 'profileImage'],
    [{ firstName: 'x'.repeat(51) }, 'firstName'],
    [{ street1: '1 Main St' }, 'city'],
  ])('refuses a bad form with 400 naming the field %#', async (body, field) => {
    const m = await signUp(stack.url);
    const res = await saveProfile(m, body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('does not change the account e-mail through the profile form', async () => {
    const m = await signUp(stack.url);
    const res = await saveProfile(m, { email: uniqueEmail('other') });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('email');
  });

  it('ignores fields outside the form (role, status, verification, ids)', async () => {
    const m = await signUp(stack.url);
    const res = await saveProfile(m, {
      firstName: 'Mallory',
      role: 'admin',
      status: 'suspended',
      is_verified: false,
      emailVerified: false,
      passwordHash: 'x',
      username: 'taken-name',
      user_id: 'someone-else',
      _id: 'someone-else',
      defaultAddressId: 'nope',
      profileVersion: 99,
    });
    expect(res.status).toBe(200);
    const me = await request(stack.url).get('/api/auth/user-data').set(auth(m.token));
    expect(me.body.data).toMatchObject({
      user_id: m.userId,
      status: 'active',
      is_verified: true,
      has_password: true,
      username: null,
      first_name: 'Mallory',
      default_address_id: null,
    });
    const login = await request(stack.url)
      .post('/api/auth/login')
      .send({ email: m.email, password: PASSWORD });
    expect(login.status).toBe(200);
  });
});

describe('looking a member up by e-mail', () => {
  it('tells a signed-in member whether an account exists, with its public profile only', async () => {
    const asker = await signUp(stack.url);
    const other = await signUp(stack.url);
    await saveProfile(other, form);
    const found = await request(stack.url)
      .get(`/api/user/email/${encodeURIComponent(other.email.toUpperCase())}`)
      .set(auth(asker.token));
    expect(found.body.data).toEqual({
      exists: true,
      user: {
        user_id: other.userId,
        first_name: 'Grace',
        last_name: 'Hopper',
        username: null,
        profile_image: 'https://cdn.example/avatar.png',
      },
    });
    const missing = await request(stack.url)
      .get(`/api/user/email/${encodeURIComponent(uniqueEmail('nobody'))}`)
      .set(auth(asker.token));
    expect(missing.body.data).toEqual({ exists: false, user: null });
  });

  it('needs a signed-in member and a valid address', async () => {
    const m = await signUp(stack.url);
    expect((await request(stack.url).get(`/api/user/email/${m.email}`)).status).toBe(401);
    const bad = await request(stack.url).get('/api/user/email/not-an-email').set(auth(m.token));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
  });
});
