import request from 'supertest';
import { startStack, type Stack } from './support/stack';
import { auth, signUp, type Member } from './support/accounts';

jest.setTimeout(60_000);

let stack: Stack;
let alice: Member;
let bob: Member;
let aliceAddress: string;
let bobAddress: string;

const address = {
  country: 'US',
  state: 'NY',
  city: 'New York',
  zip_code: '10001',
  street1: '1 Main St',
};

beforeAll(async () => {
  stack = await startStack();
  [alice, bob] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
  const add = (m: Member) =>
    request(stack.url).post('/api/addresses').set(auth(m.token)).send(address);
  aliceAddress = (await add(alice)).body.data.address_id;
  bobAddress = (await add(bob)).body.data.address_id;
  await request(stack.url)
    .put('/api/profile')
    .set(auth(bob.token))
    .send({ firstName: 'Bob', lastName: 'Builder' });
});
afterAll(() => stack?.stop());

type Call = [string, () => request.Test, number];

/** Every call that names a user or an owned record, made by Alice against Bob. */
const calls = (): Call[] => {
  const as = (r: request.Test) => r.set(auth(alice.token));
  const s = request(stack.url);
  return [
    ['GET default-address of Bob', () => as(s.get(`/api/default-address/${bob.userId}`)), 403],
    [
      'POST profile for Bob',
      () => as(s.post('/api/profile')).send({ userId: bob.userId, firstName: 'X' }),
      403,
    ],
    [
      'PUT profile for Bob',
      () => as(s.put('/api/profile')).send({ userId: bob.userId, firstName: 'X' }),
      403,
    ],
    [
      'POST address for Bob',
      () => as(s.post('/api/addresses')).send({ ...address, user_id: bob.userId }),
      403,
    ],
    [
      'PUT own address as Bob',
      () => as(s.put(`/api/addresses/${aliceAddress}`)).send({ user_id: bob.userId, city: 'X' }),
      403,
    ],
    [
      'PUT default as Bob',
      () =>
        as(s.put(`/api/addresses/default/${aliceAddress}`)).send({
          user_id: bob.userId,
          is_default: true,
        }),
      403,
    ],
    ["GET Bob's address", () => as(s.get(`/api/address/${bobAddress}`)), 404],
    ["PUT Bob's address", () => as(s.put(`/api/addresses/${bobAddress}`)).send({ city: 'X' }), 404],
    [
      "PUT Bob's address default",
      () => as(s.put(`/api/addresses/default/${bobAddress}`)).send({ is_default: true }),
      404,
    ],
    ["DELETE Bob's address", () => as(s.delete(`/api/address/${bobAddress}`)), 404],
    [
      'PATCH Bob status with a member token',
      () => as(s.patch(`/internal/users/${bob.userId}/status`)).send({ status: 'suspended' }),
      401,
    ],
  ];
};

describe('one member acting on another', () => {
  it('never succeeds, on any call that names a user or an owned record', async () => {
    const results = await Promise.all(
      calls().map(async ([name, call, expected]) => ({
        name,
        expected,
        got: (await call()).status,
      })),
    );
    expect(results.filter((r) => r.got >= 200 && r.got < 300)).toEqual([]);
    for (const r of results) expect(`${r.name}: ${r.got}`).toBe(`${r.name}: ${r.expected}`);
  });

  it("leaves the other member's data as it was", async () => {
    const addresses = await request(stack.url).get('/api/addresses').set(auth(bob.token));
    expect(addresses.body.data).toHaveLength(1);
    expect(addresses.body.data[0]).toMatchObject({ ...address, is_default: true });
    const profile = await request(stack.url).get('/api/profile').set(auth(bob.token));
    expect(profile.body.data.user_profile).toMatchObject({
      first_name: 'Bob',
      last_name: 'Builder',
    });
    const me = await request(stack.url).get('/api/auth/user-data').set(auth(bob.token));
    expect(me.body.data.status).toBe('active');
  });

  it('still lets a member name themselves', async () => {
    const r = await request(stack.url)
      .get(`/api/default-address/${alice.userId}`)
      .set(auth(alice.token));
    expect(r.status).toBe(200);
    expect(r.body.data.address_id).toBe(aliceAddress);
  });
});
