import request from 'supertest';
import { startStack, type Stack } from './support/stack';
import { auth, signUp, type Member } from './support/accounts';

jest.setTimeout(90_000);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const home = {
  country: 'US',
  state: 'NY',
  city: 'New York',
  zip_code: '10001',
  street1: '1 Main St',
  full_name: 'Grace Hopper',
  phone: '212 555 0100',
};
const work = {
  ...home,
  city: 'Beverly Hills',
  state: 'CA',
  zip_code: '90210',
  street1: '9 Palm Dr',
};

const api = (m: Member) => ({
  list: () => request(stack.url).get('/api/addresses').set(auth(m.token)),
  get: (id: string) => request(stack.url).get(`/api/address/${id}`).set(auth(m.token)),
  add: (body: object) => request(stack.url).post('/api/addresses').set(auth(m.token)).send(body),
  update: (id: string, body: object) =>
    request(stack.url).put(`/api/addresses/${id}`).set(auth(m.token)).send(body),
  setDefault: (id: string, body: object = { user_id: m.userId, is_default: true }) =>
    request(stack.url).put(`/api/addresses/default/${id}`).set(auth(m.token)).send(body),
  remove: (id: string) => request(stack.url).delete(`/api/address/${id}`).set(auth(m.token)),
  getDefault: () => request(stack.url).get(`/api/default-address/${m.userId}`).set(auth(m.token)),
});

const defaults = (list: Array<{ is_default: boolean; address_id: string }>) =>
  list.filter((a) => a.is_default).map((a) => a.address_id);

describe('the address book', () => {
  it('makes the first address the default and keeps it when more are added', async () => {
    const m = await signUp(stack.url);
    const a = api(m);
    const first = await a.add(home);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ ...home, user_id: m.userId, is_default: true });
    const second = await a.add(work);
    expect(second.body.data.is_default).toBe(false);
    const list = (await a.list()).body.data;
    expect(list).toHaveLength(2);
    expect(defaults(list)).toEqual([first.body.data.address_id]);
    expect((await a.getDefault()).body.data.address_id).toBe(first.body.data.address_id);
    expect((await a.get(second.body.data.address_id)).body.data.city).toBe('Beverly Hills');
  });

  it('moves the default when asked, on creation, update or the default call', async () => {
    const m = await signUp(stack.url);
    const a = api(m);
    const one = (await a.add(home)).body.data.address_id;
    const two = (await a.add({ ...work, is_default: true })).body.data.address_id;
    expect(defaults((await a.list()).body.data)).toEqual([two]);
    await a.update(one, { is_default: true });
    expect(defaults((await a.list()).body.data)).toEqual([one]);
    const res = await a.setDefault(two);
    expect(res.body.data.is_default).toBe(true);
    expect(defaults((await a.list()).body.data)).toEqual([two]);
  });

  it('refuses to leave the member without a default', async () => {
    const m = await signUp(stack.url);
    const a = api(m);
    const one = (await a.add(home)).body.data.address_id;
    const res = await a.setDefault(one, { is_default: false });
    expect(res.status).toBe(409);
    expect(defaults((await a.list()).body.data)).toEqual([one]);
  });

  it('promotes another address when the default is deleted, and has none when all are gone', async () => {
    const m = await signUp(stack.url);
    const a = api(m);
    const one = (await a.add(home)).body.data.address_id;
    const two = (await a.add(work)).body.data.address_id;
    const res = await a.remove(one);
    expect(res.body.data).toEqual({ address_id: one, default_address_id: two });
    expect(defaults((await a.list()).body.data)).toEqual([two]);
    await a.remove(two);
    expect((await a.list()).body.data).toEqual([]);
    expect((await a.getDefault()).body.data).toBeNull();
    expect((await a.get(one)).status).toBe(404);
  });

  it('updates only the fields sent, and clears optional ones sent empty', async () => {
    const m = await signUp(stack.url);
    const a = api(m);
    const id = (await a.add({ ...home, street2: 'Apt 2' })).body.data.address_id;
    const res = await a.update(id, { zip_code: '10002', street2: '' });
    expect(res.body.data).toMatchObject({ zip_code: '10002', street1: '1 Main St', street2: null });
  });

  it.each([
    [{ ...home, zip_code: '1234' }, 'zip_code', 'zip_code: must be a 5-digit US ZIP code'],
    [{ ...home, zip_code: '00000' }, 'zip_code', 'zip_code: is not a known US ZIP code'],
    [{ ...home, city: '' }, 'city', 'city: is required'],
    [{ ...home, street1: undefined }, 'street1', 'street1: is required'],
    [{ ...home, is_default: 'maybe' }, 'is_default', 'is_default: must be true or false'],
  ])('refuses a bad address with 400 naming the field %#', async (body, field, message) => {
    const m = await signUp(stack.url);
    const res = await api(m).add(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toBe(message);
  });

  it('ignores ids, owners and dates sent in the body', async () => {
    const m = await signUp(stack.url);
    const res = await api(m).add({
      ...home,
      address_id: 'chosen-id',
      _id: 'chosen-id',
      user_id: m.userId,
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.address_id).not.toBe('chosen-id');
    expect(res.body.data.created_at).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('keeps exactly one default under 20 simultaneous default changes', async () => {
    const m = await signUp(stack.url);
    const a = api(m);
    const ids: string[] = [];
    for (const zip of ['10001', '90210', '60601', '94105']) {
      ids.push((await a.add({ ...home, zip_code: zip })).body.data.address_id);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => a.setDefault(ids[i % ids.length]!)),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const list = (await a.list()).body.data;
    expect(list).toHaveLength(4);
    expect(defaults(list)).toHaveLength(1);
  });

  it('keeps every address and one default when addresses are added and removed at once', async () => {
    const m = await signUp(stack.url);
    const a = api(m);
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => a.add({ ...home, street1: `${i} Main St` })),
    );
    expect(created.every((r) => r.status === 201)).toBe(true);
    let list = (await a.list()).body.data;
    expect(list).toHaveLength(8);
    expect(defaults(list)).toHaveLength(1);

    const ids: string[] = list.map((x: { address_id: string }) => x.address_id);
    await Promise.all([
      ...ids.slice(0, 4).map((id) => a.remove(id)),
      ...ids.slice(4).map((id) => a.setDefault(id)),
    ]);
    list = (await a.list()).body.data;
    expect(list).toHaveLength(4);
    expect(defaults(list)).toHaveLength(1);
  });

  it('holds at most 20 addresses', async () => {
    const m = await signUp(stack.url);
    const a = api(m);
    for (let i = 0; i < 20; i++) expect((await a.add(home)).status).toBe(201);
    const extra = await a.add(home);
    expect(extra.status).toBe(409);
  });
});
