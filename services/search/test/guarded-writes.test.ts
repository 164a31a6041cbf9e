import { productFactsOf } from '../src/domain/listing-projection';
import { startSearch, type SearchHarness } from './support/harness';
import { newUserId, product } from './support/factories';

/**
 * The projection's writes race on the database as events of one listing or seller would when
 * redelivered or handled by two replicas: each write is one conditional upsert, so whatever the
 * order, the newest version stays stored.
 */
let h: SearchHarness;
beforeAll(async () => {
  h = await startSearch();
});
afterAll(async () => {
  await h?.stop();
});

const shuffled = <T>(items: T[]): T[] =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

const versions = shuffled(Array.from({ length: 24 }, (_, i) => i + 1));

describe('version-guarded projection writes', () => {
  it('keep the newest of a listing’s versions written at once, and its deletion', async () => {
    const { listings } = h.service.deps;
    const snapshot = product();
    const facts = (version: number) =>
      productFactsOf({ ...snapshot, title: `Title ${version}`, version });
    await Promise.all(versions.map((v) => listings.applyProduct(facts(v), v)));
    const [stored] = await listings.productsOf(snapshot.userId);
    expect(stored?.title).toBe('Title 24');

    expect(await listings.applyProduct(facts(23), 23)).toBe(false);
    expect(await listings.applyProduct(facts(24), 24)).toBe(true);
    expect(await listings.applyDeletion(snapshot.productId, snapshot.userId, 25)).toBe(true);
    expect(await listings.applyProduct(facts(25), 25)).toBe(false);
    expect(await listings.productsOf(snapshot.userId)).toEqual([]);
  });

  it('keep the newest of a seller’s profiles written at once, and the other parts beside it', async () => {
    const { sellers } = h.service.deps;
    const userId = newUserId();
    await Promise.all([
      ...versions.map((v) => sellers.applyProfile(userId, v, { firstName: `Name ${v}` })),
      ...versions.map((v) => sellers.applyRating(userId, v, 4)),
    ]);
    expect(await sellers.find(userId)).toEqual({
      firstName: 'Name 24',
      ratingAverage: 4,
      ratingCount: 24,
    });
    expect(await sellers.applyProfile(userId, 3, { firstName: 'Late' })).toBe(false);
  });
});
