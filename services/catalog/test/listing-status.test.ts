import { signTestToken } from '@swapbooth/test-kit';
import { newMember, startCatalog, type Harness } from './support/harness';
import { createListing } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => {
  await h?.stop();
});

const adminToken = (extra: Record<string, unknown> = { role: 'admin' }) =>
  signTestToken('admin-1', { type: 'admin', audience: 'swapbooth-admin', extra });

describe('listing status', () => {
  it('moves draft -> published -> paused -> published -> removed for its owner', async () => {
    const m = newMember();
    const p = await createListing(h, m, { status: 'draft' });
    for (const status of ['published', 'paused', 'published', 'removed']) {
      const res = await h.api.put(`/api/product/${p.product_id}`, { status }, m.token);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe(status);
    }
    expect((await h.api.get(`/api/product/${p.product_id}`)).status).toBe(404);
    const mine = await h.api.get(`/api/profile/user/${m.id}/products`, m.token);
    expect(mine.body.data.products).toHaveLength(0);
  });

  it('hides a paused listing from the published list but keeps it readable by link', async () => {
    const m = newMember();
    const p = await createListing(h, m);
    await h.api.put(`/api/product/${p.product_id}`, { status: 'paused' }, m.token);
    const list = await h.api.get(`/api/product/published-by-user/${m.id}`);
    expect(list.body.data.products).toHaveLength(0);
    expect((await h.api.get(`/api/product/slug/${p.slug}`)).body.data.status).toBe('paused');
  });

  it.each([
    ['published', 'traded', 'paused, removed'],
    ['published', 'reserved', 'paused, removed'],
    ['published', 'draft', 'paused, removed'],
    ['draft', 'paused', 'published, removed'],
    ['removed', 'published', 'none'],
  ])('refuses %s -> %s with a 409 naming the allowed statuses (%s)', async (from, to, allowed) => {
    const m = newMember();
    const p = await createListing(h, m, { status: from === 'draft' ? 'draft' : 'published' });
    if (from === 'removed')
      await h.api.put(`/api/product/${p.product_id}`, { status: 'removed' }, m.token);
    const res = await h.api.put(`/api/product/${p.product_id}`, { status: to }, m.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `A ${from} listing cannot become ${to}; allowed from ${from}: ${allowed}`,
    );
  });

  it('refuses an owner setting suspended, which only an admin may do', async () => {
    const m = newMember();
    const p = await createListing(h, m);
    const res = await h.api.put(`/api/product/${p.product_id}`, { status: 'suspended' }, m.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('allowed from published: paused, removed');
  });

  it('refuses edits by anyone but the owner with a 403', async () => {
    const owner = newMember();
    const p = await createListing(h, owner);
    const intruder = newMember();
    expect(
      (await h.api.put(`/api/product/${p.product_id}`, { title: 'Mine now' }, intruder.token))
        .status,
    ).toBe(403);
    expect(
      (await h.api.put(`/api/product/${p.product_id}`, { status: 'paused' }, intruder.token))
        .status,
    ).toBe(403);
    expect((await h.api.get(`/api/product/${p.product_id}`)).body.data.title).toBe(p.title);
  });

  it('changes only allow-listed fields and recomputes the search text', async () => {
    const m = newMember();
    const p = await createListing(h, m);
    const res = await h.api.put(
      `/api/product/${p.product_id}`,
      {
        title: 'Brand new title',
        tags: ['Mint'],
        slug: 'hijacked',
        userId: 'someone',
        search_text: 'x',
        product_id: 'y',
      },
      m.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      product_id: p.product_id,
      slug: p.slug,
      userId: m.id,
      title: 'Brand new title',
      tags: ['Mint'],
      search_text: 'brand new title electronics item mint',
    });
  });

  it('re-checks the category when the type changes, and drops the condition for a service', async () => {
    const m = newMember();
    const p = await createListing(h, m);
    const bad = await h.api.put(`/api/product/${p.product_id}`, { type: 'service' }, m.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^category: Electronics is an item category/);
    const good = await h.api.put(
      `/api/product/${p.product_id}`,
      { type: 'service', category: 'repairs', subCategory: 'Electronics Repair' },
      m.token,
    );
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({
      type: 'service',
      category: 'Repairs',
      subCategory: 'Electronics Repair',
    });
    expect(good.body.data.condition).toBeUndefined();
  });

  it('lets an admin suspend a listing, hiding it from everyone but its owner, and reinstate it', async () => {
    const m = newMember();
    const p = await createListing(h, m);
    const suspend = await h.api.call('PATCH', `/internal/products/${p.product_id}/status`, {
      token: adminToken(),
      body: { status: 'suspended' },
    });
    expect(suspend.status).toBe(200);
    expect(suspend.body.data.status).toBe('suspended');
    expect((await h.api.get(`/api/product/${p.product_id}`)).status).toBe(404);
    expect((await h.api.get(`/api/product/${p.product_id}`, m.token)).body.data.status).toBe(
      'suspended',
    );
    const owner = await h.api.put(`/api/product/${p.product_id}`, { status: 'published' }, m.token);
    expect(owner.status).toBe(409);
    expect(owner.body.message).toContain('allowed from suspended: none');
    const reinstate = await h.api.call('PATCH', `/internal/products/${p.product_id}/status`, {
      token: adminToken({ permissions: { products: true } }),
      body: { status: 'published' },
    });
    expect(reinstate.status).toBe(200);
    expect((await h.api.get(`/api/product/${p.product_id}`)).status).toBe(200);
  });

  it('refuses the admin status call to members and to admins without the products permission', async () => {
    const m = newMember();
    const p = await createListing(h, m);
    const path = `/internal/products/${p.product_id}/status`;
    const body = { status: 'suspended' };
    expect((await h.api.call('PATCH', path, { token: m.token, body })).status).toBe(401);
    expect((await h.api.call('PATCH', path, { body })).status).toBe(401);
    const limited = adminToken({ role: 'support', permissions: { users: true } });
    expect((await h.api.call('PATCH', path, { token: limited, body })).status).toBe(403);
  });
});
