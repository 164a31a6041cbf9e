import type { ListingDocument } from '../../../domain/ports';
import { MemorySearchEngine } from './memory-engine';

const DAY = 86_400_000;

function doc(i: number, createdAt: number, type: 'item' | 'service' = 'item'): ListingDocument {
  return {
    id: `l${i}`,
    slug: `l${i}`,
    title: `Listing number ${i}`,
    description: 'A thing to swap.',
    category: i % 2 === 0 ? 'Books' : 'Tools',
    type,
    tags: [],
    sellerId: `s${i % 7}`,
    boothInterests: [],
    createdAt,
  };
}

/** What a newest-first page must hold, computed from the documents alone. */
const newestIds = (docs: Iterable<ListingDocument>, type?: 'item' | 'service') =>
  [...docs]
    .filter((d) => type === undefined || d.type === type)
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
    .map((d) => d.id);

describe('MemorySearchEngine newest-first order', () => {
  it('stays right through bulk loads, single upserts, moves in time and removals', async () => {
    const engine = new MemorySearchEngine();
    const live = new Map<string, ListingDocument>();
    const put = async (docs: ListingDocument[]) => {
      await engine.upsert(docs);
      for (const d of docs) live.set(d.id, d);
    };
    // A bulk load, then a first browse that builds the order.
    await put(
      Array.from({ length: 300 }, (_, i) =>
        doc(i, ((i * 7919) % 300) * DAY, i % 3 ? 'item' : 'service'),
      ),
    );
    const page = async (type?: 'item' | 'service') =>
      (await engine.search({ page: 1, limit: 100, ...(type ? { type } : {}) })).hits.map(
        (h) => h.id,
      );
    expect(await page()).toEqual(newestIds(live.values()).slice(0, 100));

    // Single writes after the order exists: new, replaced with another date, equal dates, removed.
    await put([doc(1000, 500 * DAY)]);
    await put([doc(5, 999 * DAY, 'service')]);
    await put([doc(1001, 42 * DAY), doc(1002, 42 * DAY)]);
    await engine.remove(['l1000', 'l17', 'missing']);
    live.delete('l1000');
    live.delete('l17');
    expect(await page()).toEqual(newestIds(live.values()).slice(0, 100));
    expect(await page('service')).toEqual(newestIds(live.values(), 'service').slice(0, 100));

    // A page deep into the list and the totals.
    const deep = await engine.search({ page: 3, limit: 100 });
    expect(deep.hits.map((h) => h.id)).toEqual(newestIds(live.values()).slice(200, 300));
    expect(deep.total).toBe(live.size);
  });
});
