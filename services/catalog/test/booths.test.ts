import { randomBytes } from 'node:crypto';
import { signTestToken } from '@swapbooth/test-kit';
import { newMember, startCatalog, type Harness, type Member } from './support/harness';
import { createListing } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => {
  await h?.stop();
});

const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;
const boothBody = (m: Member, overrides: Record<string, unknown> = {}) => ({
  name: unique('Corner Shop '),
  description: 'Vintage finds',
  interests: ['Books', 'vinyl', 'books'],
  user_id: m.id,
  username: unique('corner_'),
  ...overrides,
});

describe('booths', () => {
  it('opens one booth per member and reads it by user id, booth id and username', async () => {
    const m = newMember();
    const addressId = h.auth.addAddress(m.id, { zip_code: '60601', city: 'Chicago', state: 'IL' });
    const body = boothBody(m, { address_id: addressId });
    const res = await h.api.post('/api/booth', body, m.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      user_id: m.id,
      username: body.username,
      name: body.name,
      interests: ['Books', 'vinyl'],
      address_id: addressId,
      status: 'active',
      views: 0,
    });
    const id = res.body.data.booth_id;
    for (const path of [
      `/api/booth/${m.id}`,
      `/api/booth/${id}`,
      `/api/booth/username/${body.username.toUpperCase()}`,
    ]) {
      const read = await h.api.get(path);
      expect(read.status).toBe(200);
      expect(read.body.data.booth_id).toBe(id);
    }
    const second = await h.api.post('/api/booth', boothBody(m), m.token);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You already have a booth');
  });

  it('says whether a username or name is free, ignoring case, and refuses reserved and malformed ones', async () => {
    const m = newMember();
    const body = boothBody(m);
    await h.api.post('/api/booth', body, m.token);
    const check = async (kind: string, value: string) =>
      (await h.api.get(`/api/booth/check-${kind}/${encodeURIComponent(value)}`)).body.data;
    expect(await check('username', body.username.toUpperCase())).toEqual({
      available: false,
      reason: 'This username is taken',
    });
    expect(await check('username', unique('free.name-'))).toEqual({ available: true });
    expect(await check('username', 'Admin')).toEqual({
      available: false,
      reason: 'This username is reserved',
    });
    expect((await check('username', 'ab')).available).toBe(false);
    expect((await check('username', 'has space')).available).toBe(false);
    expect((await check('username', 'x'.repeat(31))).available).toBe(false);
    expect(await check('name', body.name.toLowerCase())).toEqual({
      available: false,
      reason: 'This booth name is taken',
    });
    expect(await check('name', unique('Fresh Name '))).toEqual({ available: true });
  });

  it('refuses a taken username or name regardless of case with a 409, and bad input with a 400', async () => {
    const a = newMember();
    const body = boothBody(a);
    await h.api.post('/api/booth', body, a.token);
    const b = newMember();
    const sameUser = await h.api.post(
      '/api/booth',
      boothBody(b, { username: body.username.toUpperCase() }),
      b.token,
    );
    expect(sameUser.status).toBe(409);
    expect(sameUser.body.message).toBe('This username is taken');
    const sameName = await h.api.post(
      '/api/booth',
      boothBody(b, { name: ` ${body.name.toUpperCase()} ` }),
      b.token,
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('This booth name is taken');
    expect(
      (await h.api.post('/api/booth', boothBody(b, { username: 'support' }), b.token)).body.message,
    ).toBe('username: This username is reserved');
    expect(
      (await h.api.post('/api/booth', boothBody(b, { name: undefined }), b.token)).status,
    ).toBe(400);
    expect(
      (await h.api.post('/api/booth', boothBody(b, { interests: 'books' }), b.token)).status,
    ).toBe(400);
  });

  it('lets exactly one of two members racing for the same username win', async () => {
    const username = unique('race_');
    const [a, b] = [newMember(), newMember()];
    const results = await Promise.all([
      h.api.post('/api/booth', boothBody(a, { username }), a.token),
      h.api.post('/api/booth', boothBody(b, { username: username.toUpperCase() }), b.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('lets exactly one of two members racing for the same booth name win', async () => {
    const name = unique('Race Name ');
    const [a, b] = [newMember(), newMember()];
    const results = await Promise.all([
      h.api.post('/api/booth', boothBody(a, { name }), a.token),
      h.api.post('/api/booth', boothBody(b, { name: name.toLowerCase() }), b.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('This booth name is taken');
  });

  it('lets the owner edit name, description, interests and status, and no one else', async () => {
    const m = newMember();
    const booth = (await h.api.post('/api/booth', boothBody(m), m.token)).body.data;
    const name = unique('Renamed ');
    const res = await h.api.put(
      `/api/booth/${booth.booth_id}`,
      {
        name,
        description: 'New',
        interests: ['Tools'],
        status: 'on_vacation',
        username: 'hijack',
        user_id: 'x',
      },
      m.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name,
      description: 'New',
      interests: ['Tools'],
      status: 'on_vacation',
      username: booth.username,
      user_id: m.id,
    });
    const other = newMember();
    expect(
      (await h.api.put(`/api/booth/${booth.booth_id}`, { name: 'Mine' }, other.token)).status,
    ).toBe(403);
    expect(
      (await h.api.put(`/api/booth/${booth.booth_id}`, { status: 'suspended' }, m.token)).status,
    ).toBe(400);
  });

  it('lets only an admin suspend a booth; its owner then cannot change its status', async () => {
    const m = newMember();
    const booth = (await h.api.post('/api/booth', boothBody(m), m.token)).body.data;
    const admin = signTestToken('admin-1', {
      type: 'admin',
      audience: 'swapbooth-admin',
      extra: { role: 'admin' },
    });
    const res = await h.api.call('PATCH', `/internal/booths/${booth.booth_id}/status`, {
      token: admin,
      body: { status: 'suspended' },
    });
    expect(res.status).toBe(200);
    expect((await h.api.get(`/api/booth/${m.id}`)).body.data.status).toBe('suspended');
    const owner = await h.api.put(`/api/booth/${booth.booth_id}`, { status: 'active' }, m.token);
    expect(owner.status).toBe(409);
  });

  it('counts a view once per viewer per day, not the owner’s own', async () => {
    const owner = newMember();
    const booth = (await h.api.post('/api/booth', boothBody(owner), owner.token)).body.data;
    const [a, b] = [newMember(), newMember()];
    const view = (token?: string) => h.api.post(`/api/booth/views/${booth.booth_id}`, {}, token);
    const first = await view(a.token);
    if (first.status !== 200) throw new Error(JSON.stringify(first));
    expect((await view(a.token)).body.data.views).toBe(1);
    expect((await view(a.token)).body.data.views).toBe(1);
    expect((await view(owner.token)).body.data.views).toBe(1);
    expect((await view(b.token)).body.data.views).toBe(2);
    expect((await view()).body.data.views).toBe(3);
    expect((await view()).body.data.views).toBe(3);
    expect((await h.api.get(`/api/booth/views/${booth.booth_id}`)).body.data.views).toBe(3);
    expect((await h.api.get(`/api/booth/views/${owner.id}`)).body.data.views).toBe(3);
  });

  it('lists a booth’s published listings by username and shows the booth on each listing', async () => {
    const m = newMember();
    const booth = (await h.api.post('/api/booth', boothBody(m), m.token)).body.data;
    const p = await createListing(h, m);
    await createListing(h, m, { status: 'draft' });
    const res = await h.api.get(`/api/product/booth/${booth.username}`);
    expect(res.status).toBe(200);
    expect(res.body.data.products.map((x: { product_id: string }) => x.product_id)).toEqual([
      p.product_id,
    ]);
    expect(res.body.data.products[0].booth).toMatchObject({
      name: booth.name,
      interests: booth.interests,
    });
    expect((await h.api.get(`/api/product/booth/${unique('nobody')}`)).status).toBe(404);
  });

  it('answers 404 for a member without a booth', async () => {
    expect((await h.api.get(`/api/booth/${newMember().id}`)).status).toBe(404);
    expect((await h.api.get(`/api/booth/username/${unique('ghost')}`)).status).toBe(404);
  });
});
