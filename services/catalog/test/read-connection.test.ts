import { newMember, startCatalog, type Harness } from './support/harness';
import { createListing } from './support/fixtures';

/**
 * Catalog reads browse pages, listing pages and a member's likes on a connection of their own, so
 * on a database that takes one connection per client (FerretDB) they never queue behind likes' and
 * proposals' writes. Shown here by taking the main connection away: the reads still answer.
 */
let h: Harness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => {
  await h?.stop();
});

const ids = (list: { product_id: string }[]) => list.map((p) => p.product_id);

it('answers browse, listing pages and likes from the read connection alone', async () => {
  const { conn, reads } = h.service.ctx;
  expect(reads).not.toBe(conn);
  expect(reads.name).toBe(conn.name);

  const [seller, fan] = [newMember(), newMember()];
  const listing = await createListing(h, seller);
  // Written through the main connection, read back at once through the other.
  const liked = await h.api.post(
    `/api/product/${listing.product_id}/like/${fan.id}`,
    {},
    fan.token,
  );
  expect(liked.status).toBe(200);
  const mine = await h.api.get(`/api/product/published-by-user/${seller.id}`);
  expect(ids(mine.body.data.products)).toEqual([listing.product_id]);

  await conn.close();

  const page = await h.api.get(`/api/product/published-by-user/${seller.id}`);
  expect(page.status).toBe(200);
  expect(ids(page.body.data.products)).toEqual([listing.product_id]);
  const browse = await h.api.get('/api/product/published?limit=50&page=1');
  expect(browse.status).toBe(200);
  expect(ids(browse.body.data.products)).toContain(listing.product_id);
  const bySlug = await h.api.get(`/api/product/slug/${listing.slug}`);
  expect(bySlug.status).toBe(200);
  expect(bySlug.body.data.product_id).toBe(listing.product_id);
  const count = await h.api.get(`/api/product/count/user/${seller.id}`);
  expect(count.body.data.count).toBe(1);
  const likes = await h.api.get(`/api/product/${fan.id}/liked`, fan.token);
  expect(likes.status).toBe(200);
  expect(ids(likes.body.data)).toEqual([listing.product_id]);
});
