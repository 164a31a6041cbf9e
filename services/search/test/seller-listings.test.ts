import { eventually } from '@swapbooth/test-kit';
import { LEGACY_LISTINGS_COLLECTION, shardOf } from '../src/data/listings/listing.model';
import { startSearch, type SearchHarness } from './support/harness';
import { listingRecord, newUserId, product, profile, uniqueWord } from './support/factories';

/**
 * A seller-wide change (profile, address, status, booth) recomposes every listing of the seller,
 * found through the seller's own records rather than a pass over every listing.
 */
let h: SearchHarness;
beforeAll(async () => {
  h = await startSearch();
});
afterAll(async () => {
  await h?.stop();
});

type Card = { product_id: string; user_profile?: { first_name?: string } };

/** Waits until every listing in `category` shows the seller's first name as `firstName`. */
async function expectNamed(category: string, ids: string[], firstName: string) {
  await eventually(
    async () => {
      const res = await h.api.search({ category, limit: 50 });
      const cards = res.body.data.products as Card[];
      const named = cards.filter((c) => c.user_profile?.first_name === firstName);
      return named.length === ids.length &&
        ids.every((id) => named.some((c) => c.product_id === id))
        ? true
        : undefined;
    },
    15_000,
    50,
  );
}

describe('a seller-wide change', () => {
  it('reaches every listing of the seller, whichever collection holds each, and no one else’s', async () => {
    const category = uniqueWord();
    const userId = newUserId();
    const mine = Array.from({ length: 8 }, (_, i) =>
      product({ category, userId, title: `Ceramic vase ${i}` }),
    );
    const theirs = product({ category, title: 'Ceramic bowl' });
    // Spread over several listing collections, as product ids hash.
    expect(new Set(mine.map((p) => shardOf(p.productId))).size).toBeGreaterThan(1);
    for (const p of [...mine, theirs]) await h.handled(await h.publish('product.created', p));

    await h.publish('user.profile-updated', profile(userId, { firstName: 'Grace', version: 2 }));
    await expectNamed(
      category,
      mine.map((p) => p.productId),
      'Grace',
    );
    const res = await h.api.search({ category, limit: 50 });
    const other = (res.body.data.products as Card[]).find((c) => c.product_id === theirs.productId);
    expect(other?.user_profile?.first_name).not.toBe('Grace');
  });

  it('reaches listings stored before sellers had their own records, once the service has restarted', async () => {
    const category = uniqueWord();
    const userId = newUserId();
    const old = [
      product({ category, userId, title: 'Oak stool' }),
      product({ category, userId, title: 'Oak bench' }),
    ];
    const fromLegacy = product({ category, userId, title: 'Oak chest' });
    // As an earlier version left them: listing records with no seller records, one of them
    // still in the single collection of before, and the note that seller records are complete
    // not written yet.
    const db = h.service.ctx.conn.db!;
    for (const p of old) {
      const shard = String(shardOf(p.productId)).padStart(2, '0');
      await db.collection<{ _id: string }>(`listings_${shard}`).insertOne(listingRecord(p));
    }
    await db
      .collection<{ _id: string }>(LEGACY_LISTINGS_COLLECTION)
      .insertOne(listingRecord(fromLegacy));
    await db.collection<{ _id: string }>('projection_state').deleteMany({});

    await h.restart();

    const ids = [...old, fromLegacy].map((p) => p.productId);
    await h.publish('user.profile-updated', profile(userId, { firstName: 'Hedy', version: 2 }));
    await expectNamed(category, ids, 'Hedy');
    const after = h.service.ctx.conn.db!;
    expect(await after.collection<{ _id: string }>('projection_state').countDocuments({})).toBe(1);
  });
});
