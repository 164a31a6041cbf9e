import { newMember, startCatalog, type Harness } from './support/harness';
import { createListing, listingBody, uniqueTitle } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => {
  await h?.stop();
});

describe('creating a listing', () => {
  it('creates a listing owned by the caller with a slug, search text and the address location', async () => {
    const m = newMember();
    const addressId = h.auth.addAddress(m.id, {
      zip_code: '10001',
      city: 'New York',
      state: 'NY',
      country: 'US',
    });
    const title = uniqueTitle('Rotary Phone');
    const res = await h.api.post(
      '/api/product',
      listingBody({
        title,
        addressId,
        brand: 'Bell',
        color: 'black',
        weight: '2.5',
        tags: ['Retro', 'retro', 'desk'],
      }),
      m.token,
    );
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      title,
      userId: m.id,
      user_id: m.id,
      status: 'published',
      category: 'Electronics',
      subCategory: 'Phones',
      condition: 'good',
      type: 'item',
      brand: 'Bell',
      weight: 2.5,
      tags: ['Retro', 'desk'],
      addressId,
      location: { zip_code: '10001', city: 'New York', state: 'NY', country: 'US' },
    });
    expect(p.product_id).toEqual(expect.any(String));
    expect(p.slug).toBe(title.toLowerCase().replace(/\s+/g, '-'));
    expect(p.search_text).toBe(`${title} electronics item retro desk`.toLowerCase());
    expect(h.auth.seenAuthorization).toContain(`Bearer ${m.token}`);
  });

  it('accepts a category by id in any case and stores its canonical name', async () => {
    const m = newMember();
    const p = await createListing(h, m, {
      category: 'TUTORING',
      subCategory: 'math',
      type: 'service',
      condition: undefined,
    });
    expect(p).toMatchObject({ category: 'Tutoring', subCategory: 'Math', type: 'service' });
    expect(p.condition).toBeUndefined();
  });

  it.each([
    [{ title: undefined }, 'title'],
    [{ title: 'ab' }, 'title'],
    [{ type: 'vehicle' }, 'type'],
    [{ condition: 'broken' }, 'condition'],
    [{ condition: undefined }, 'condition'],
    [{ category: 'Spaceships' }, 'category'],
    [{ category: 'Tutoring', subCategory: 'Math' }, 'category'],
    [{ subCategory: 'Sofas & Chairs' }, 'subCategory'],
    [
      { type: 'service', category: 'Repairs', subCategory: 'Bike Repair', condition: 'good' },
      'condition',
    ],
    [{ weight: 'heavy' }, 'weight'],
    [{ tags: 'not-a-list' }, 'tags'],
    [{ images: [{ image_url: 'https://example.com/cat.jpg' }] }, 'images.0.image_url'],
    [{ status: 'traded' }, 'status'],
  ])('refuses %j with a 400 naming %s', async (overrides, field) => {
    const m = newMember();
    const res = await h.api.post('/api/product', listingBody(overrides), m.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'invalid' });
    expect(res.body.message.startsWith(`${field}:`)).toBe(true);
  });

  it('refuses an address that is not one of the caller’s', async () => {
    const m = newMember();
    const other = newMember();
    const theirs = h.auth.addAddress(other.id, {
      zip_code: '94103',
      city: 'San Francisco',
      state: 'CA',
    });
    const res = await h.api.post('/api/product', listingBody({ addressId: theirs }), m.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('addressId: not one of your addresses');
  });

  it('answers 503, not 500, when the address cannot be checked', async () => {
    const m = newMember();
    const addressId = h.auth.addAddress(m.id, { zip_code: '10001', city: 'New York', state: 'NY' });
    h.auth.failWith = 502;
    try {
      const res = await h.api.post('/api/product', listingBody({ addressId }), m.token);
      expect(res.status).toBe(503);
    } finally {
      h.auth.failWith = undefined;
    }
  });

  it('refuses a body user id other than the caller’s, and callers without a token', async () => {
    const m = newMember();
    expect(
      (await h.api.post('/api/product', listingBody({ userId: 'someone-else' }), m.token)).status,
    ).toBe(403);
    expect((await h.api.post('/api/product', listingBody())).status).toBe(401);
  });

  it('gives 10 parallel listings with the same title 10 distinct slugs', async () => {
    const m = newMember();
    const title = uniqueTitle('Same Title');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.api.post('/api/product', listingBody({ title }), m.token)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const slugs = results.map((r) => r.body.data.slug as string);
    expect(new Set(slugs).size).toBe(10);
    const base = title.toLowerCase().replace(/\s+/g, '-');
    expect(slugs).toContain(base);
    for (const s of slugs) expect(s.startsWith(base)).toBe(true);
  });
});

describe('reading listings', () => {
  it('shows a draft only to its owner, by id and by slug', async () => {
    const owner = newMember();
    const other = newMember();
    const p = await createListing(h, owner, { status: 'draft' });
    expect((await h.api.get(`/api/product/${p.product_id}`, owner.token)).status).toBe(200);
    expect((await h.api.get(`/api/product/slug/${p.slug}`, owner.token)).body.data.status).toBe(
      'draft',
    );
    expect((await h.api.get(`/api/product/${p.product_id}`, other.token)).status).toBe(404);
    expect((await h.api.get(`/api/product/slug/${p.slug}`)).status).toBe(404);
  });

  it('lists published listings newest first, page by page, without drafts', async () => {
    const m = newMember();
    const first = await createListing(h, m);
    const draft = await createListing(h, m, { status: 'draft' });
    const second = await createListing(h, m);
    const page1 = await h.api.get(`/api/product/published?limit=1&page=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.data.products).toHaveLength(1);
    expect(page1.body.data.totalCount).toBeGreaterThanOrEqual(2);
    const mine = await h.api.get(`/api/product/published-by-user/${m.id}`);
    expect(mine.body.data.products.map((p: { product_id: string }) => p.product_id)).toEqual([
      second.product_id,
      first.product_id,
    ]);
    expect(mine.body.data.totalCount).toBe(2);
    expect(JSON.stringify(mine.body)).not.toContain(draft.product_id);
  });

  it('counts and lists all of a member’s listings for the member, the published ones for others', async () => {
    const m = newMember();
    await createListing(h, m);
    await createListing(h, m, { status: 'draft' });
    expect((await h.api.get(`/api/product/count/user/${m.id}`, m.token)).body.data.count).toBe(2);
    expect((await h.api.get(`/api/product/count/user/${m.id}`)).body.data.count).toBe(1);
    const own = await h.api.get(`/api/profile/user/${m.id}/products`, m.token);
    expect(own.body.data.products).toHaveLength(2);
    const public_ = await h.api.get(`/api/profile/user/${m.id}/products`, newMember().token);
    expect(public_.body.data.products).toHaveLength(1);
  });

  it('answers 400 for a bad page and 404 for an unknown listing', async () => {
    expect((await h.api.get('/api/product/published?page=0')).status).toBe(400);
    expect((await h.api.get('/api/product/published?limit=abc')).status).toBe(400);
    expect((await h.api.get('/api/product/no-such-id')).status).toBe(404);
  });

  it('serves the category taxonomy with item and service categories and their subcategories', async () => {
    const res = await h.api.get('/api/categories');
    expect(res.status).toBe(200);
    const cats = res.body.data as {
      cat_id: string;
      category: string;
      type: string;
      subcategories: string[];
    }[];
    expect(cats.find((c) => c.category === 'Electronics')).toMatchObject({
      cat_id: 'electronics',
      type: 'item',
    });
    expect(cats.find((c) => c.category === 'Pet Care')?.subcategories).toContain('Dog Walking');
    expect(new Set(cats.map((c) => c.type))).toEqual(new Set(['item', 'service']));
  });
});
