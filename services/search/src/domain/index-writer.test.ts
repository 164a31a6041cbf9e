import { OramaSearchEngine } from '../adapters/engine';
import type { ListingDocument, SearchEngine } from './ports';
import { IndexWriter } from './index-writer';

const doc = (id: string, title: string): ListingDocument => ({
  id,
  slug: id,
  title,
  description: '',
  category: 'Books',
  type: 'item',
  tags: [],
  sellerId: 's1',
  boothInterests: [],
  createdAt: 1,
});

async function titles(engine: SearchEngine): Promise<Record<string, string>> {
  const { hits } = await engine.search({ page: 1, limit: 100 });
  return Object.fromEntries(hits.map((h) => [h.id, h.title]));
}

describe('IndexWriter', () => {
  it('indexes and removes listings', async () => {
    const engine = new OramaSearchEngine();
    const writer = new IndexWriter(engine);
    await writer.apply([doc('a', 'Atlas'), doc('b', 'Bible')], []);
    await writer.apply([], ['a']);
    expect(await titles(engine)).toEqual({ b: 'Bible' });
  });

  it('does not let a load put back what an event changed while it ran', async () => {
    const engine = new OramaSearchEngine();
    const writer = new IndexWriter(engine);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* stored() {
      // The load read these before the events below were handled.
      await gate;
      yield [doc('a', 'Old atlas'), doc('b', 'Bible'), doc('c', 'Cookbook')];
    }
    const loading = writer.load(stored());
    await writer.apply([doc('a', 'New atlas')], ['c']);
    release();
    expect(await loading).toBe(1);
    expect(await titles(engine)).toEqual({ a: 'New atlas', b: 'Bible' });
  });

  it('keeps writing after a failed write', async () => {
    const engine = new OramaSearchEngine();
    const writer = new IndexWriter(engine);
    await expect(writer.apply([{ ...doc('bad id!', 'x') }], [])).rejects.toThrow(TypeError);
    await writer.apply([doc('a', 'Atlas')], []);
    expect(await titles(engine)).toEqual({ a: 'Atlas' });
  });
});
