import { newMember, startCatalog, type Harness } from './support/harness';
import { createListing } from './support/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => {
  await h?.stop();
});

const ids = (list: { product_id: string }[]) => list.map((p) => p.product_id);

describe('likes', () => {
  it('likes a listing once however often it is liked, and unlikes it the same way', async () => {
    const [seller, fan] = [newMember(), newMember()];
    const p = await createListing(h, seller);
    for (let i = 0; i < 3; i++) {
      const res = await h.api.post(`/api/product/${p.product_id}/like/${fan.id}`, {}, fan.token);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ productId: p.product_id, liked: true });
    }
    const liked = await h.api.get(`/api/product/${fan.id}/liked`, fan.token);
    expect(ids(liked.body.data)).toEqual([p.product_id]);
    for (let i = 0; i < 2; i++) {
      expect(
        (await h.api.delete(`/api/product/${p.product_id}/unlike/${fan.id}`, fan.token)).status,
      ).toBe(200);
    }
    expect((await h.api.get(`/api/product/${fan.id}/liked`, fan.token)).body.data).toEqual([]);
    expect(
      (await h.api.post(`/api/product/${p.product_id}/like/${fan.id}`, {}, fan.token)).status,
    ).toBe(200);
    expect(ids((await h.api.get(`/api/product/${fan.id}/liked`, fan.token)).body.data)).toEqual([
      p.product_id,
    ]);
  });

  it('lists liked listings most recent like first, leaving out ones that became invisible', async () => {
    const [seller, fan] = [newMember(), newMember()];
    const [a, b, c] = [
      await createListing(h, seller),
      await createListing(h, seller),
      await createListing(h, seller),
    ];
    for (const p of [a, b, c])
      await h.api.post(`/api/product/${p.product_id}/like/${fan.id}`, {}, fan.token);
    await h.api.put(`/api/product/${b.product_id}`, { status: 'removed' }, seller.token);
    expect(ids((await h.api.get(`/api/product/${fan.id}/liked`, fan.token)).body.data)).toEqual([
      c.product_id,
      a.product_id,
    ]);
  });

  it('refuses liking one’s own listing and listings that are not published', async () => {
    const seller = newMember();
    const own = await createListing(h, seller);
    const res = await h.api.post(
      `/api/product/${own.product_id}/like/${seller.id}`,
      {},
      seller.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot like your own listing');
    const fan = newMember();
    const draft = await createListing(h, seller, { status: 'draft' });
    expect(
      (await h.api.post(`/api/product/${draft.product_id}/like/${fan.id}`, {}, fan.token)).status,
    ).toBe(404);
    const paused = await createListing(h, seller);
    await h.api.put(`/api/product/${paused.product_id}`, { status: 'paused' }, seller.token);
    expect(
      (await h.api.post(`/api/product/${paused.product_id}/like/${fan.id}`, {}, fan.token)).status,
    ).toBe(409);
    expect((await h.api.post(`/api/product/unknown/like/${fan.id}`, {}, fan.token)).status).toBe(
      404,
    );
  });
});

describe('exchange bag', () => {
  it('adds a listing once however often it is added, groups by seller and removes idempotently', async () => {
    const [s1, s2, me] = [newMember(), newMember(), newMember()];
    const [a, b, c] = [
      await createListing(h, s1),
      await createListing(h, s2),
      await createListing(h, s1),
    ];
    for (const p of [a, a, b, c]) {
      const res = await h.api.post(
        `/api/product/${p.product_id}/add-to-bag/${me.id}`,
        {},
        me.token,
      );
      expect(res.status).toBe(200);
    }
    const bag = await h.api.get(`/api/product/${me.id}/bag`, me.token);
    expect(bag.status).toBe(200);
    const groups = bag.body.data as { seller_id: string; products: { product_id: string }[] }[];
    expect(groups.map((g) => g.seller_id).sort()).toEqual([s1.id, s2.id].sort());
    expect(ids(groups.find((g) => g.seller_id === s1.id)!.products).sort()).toEqual(
      [a.product_id, c.product_id].sort(),
    );
    expect((await h.api.get(`/api/products/${me.id}/bag-count`, me.token)).body.data).toEqual({
      count: 3,
    });

    for (let i = 0; i < 2; i++) {
      const res = await h.api.delete(
        `/api/product/${me.id}/remove-to-bag/${a.product_id}`,
        me.token,
      );
      expect(res.status).toBe(200);
    }
    expect((await h.api.get(`/api/products/${me.id}/bag-count`, me.token)).body.data).toEqual({
      count: 2,
    });
  });

  it('refuses one’s own listing and listings that are not published', async () => {
    const seller = newMember();
    const own = await createListing(h, seller);
    const res = await h.api.post(
      `/api/product/${own.product_id}/add-to-bag/${seller.id}`,
      {},
      seller.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot add your own listing to your bag');
    const me = newMember();
    const paused = await createListing(h, seller);
    await h.api.put(`/api/product/${paused.product_id}`, { status: 'paused' }, seller.token);
    const refused = await h.api.post(
      `/api/product/${paused.product_id}/add-to-bag/${me.id}`,
      {},
      me.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only published listings can go in the exchange bag');
  });

  it('drops a listing from the bag view once its seller removes it', async () => {
    const [seller, me] = [newMember(), newMember()];
    const p = await createListing(h, seller);
    await h.api.post(`/api/product/${p.product_id}/add-to-bag/${me.id}`, {}, me.token);
    await h.api.put(`/api/product/${p.product_id}`, { status: 'removed' }, seller.token);
    expect((await h.api.get(`/api/product/${me.id}/bag`, me.token)).body.data).toEqual([]);
    expect((await h.api.get(`/api/products/${me.id}/bag-count`, me.token)).body.data).toEqual({
      count: 0,
    });
  });
});
