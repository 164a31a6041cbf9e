import { LEGACY_LISTINGS_COLLECTION } from '../src/data/listings/listing.model';
import { startSearch, type SearchHarness } from './support/harness';
import { listingRecord, product, uniqueWord } from './support/factories';

let h: SearchHarness;
beforeAll(async () => {
  h = await startSearch();
});
afterAll(async () => {
  await h?.stop();
});

describe('listing records kept by earlier versions in one collection', () => {
  it('are moved into the listing collections at start, never over a newer record', async () => {
    const category = uniqueWord();
    const moved = product({ category, title: 'Walnut bookshelf' });
    const newer = product({ category, title: 'Brass floor lamp' });
    // The event wrote version 2 of `newer`; the old collection still holds its version 1 title.
    const v2 = { ...newer, title: 'Brass floor lamp, rewired', version: 2 };
    await h.handled(await h.publish('product.updated', v2));

    const db = h.service.ctx.conn.db!;
    const legacy = db.collection<{ _id: string }>(LEGACY_LISTINGS_COLLECTION);
    await legacy.insertMany([listingRecord(moved), listingRecord(newer)]);

    await h.restart();

    const res = await h.api.search({ category, limit: 10 });
    expect(res.status).toBe(200);
    const titles = res.body.data.products.map((c: { title: string }) => c.title).sort();
    expect(titles).toEqual(['Brass floor lamp, rewired', 'Walnut bookshelf']);
    const after = h.service.ctx.conn.db!;
    const left = await after.listCollections({ name: LEGACY_LISTINGS_COLLECTION }).toArray();
    expect(left).toEqual([]);
  });
});
