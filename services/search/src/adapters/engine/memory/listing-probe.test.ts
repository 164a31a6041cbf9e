import { zipToPoint } from '../../../domain/geo';
import type { ListingDocument, SearchQuery } from '../../../domain/ports';
import { ListingProbe, prepareQuery } from './listing-probe';
import { MemorySearchEngine } from './memory-engine';

/** mulberry32: the same cases on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
    int: (n: number) => Math.floor(next() * n),
  };
}

const WORDS = ['tent', 'lantern', 'backpack', 'sleeping', 'kayak', 'paddle', 'telescope', 'guitar'];
const ZIPS = ['10001', '10301', '10501', '07030', '11201', '94103'];

/** A word as typed: a swap, a dropped or changed letter, a cut-off ending, or as is. */
function typed(r: ReturnType<typeof random>, word: string): string {
  const i = r.int(word.length - 1);
  if (r.chance(0.2)) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (r.chance(0.2)) return word.slice(0, i) + word.slice(i + 1);
  if (r.chance(0.1)) return word.slice(0, i) + 'q' + word.slice(i + 1);
  if (r.chance(0.2)) return word.slice(0, Math.max(2, i));
  return word;
}

describe('ListingProbe', () => {
  it('answers as a search on a one-listing engine does, over random listings and queries', async () => {
    const r = random(7);
    let matched = 0;
    for (let n = 0; n < 150; n++) {
      const zip = r.pick(ZIPS);
      const point = zipToPoint(zip)!;
      const doc: ListingDocument = {
        id: `l${n}`,
        slug: `l${n}`,
        title: [r.pick(WORDS), r.pick(WORDS)]
          .map((w) => (r.chance(0.2) ? typed(r, w) : w))
          .join(' '),
        description: r.chance(0.5) ? `with a ${r.pick(WORDS)}` : 'as new',
        category: r.pick(['Camping', 'Music']),
        condition: r.pick(['new', 'good']),
        type: r.chance(0.7) ? 'item' : 'service',
        tags: r.chance(0.3) ? [r.pick(WORDS)] : [],
        sellerId: 's',
        boothInterests: [],
        zip,
        ...(r.chance(0.9) ? { lat: point.lat, lng: point.lng } : {}),
        createdAt: n,
      };
      const engine = new MemorySearchEngine();
      await engine.upsert([doc]);
      const probe = new ListingProbe(doc);
      for (let k = 0; k < 20; k++) {
        const query: SearchQuery = { page: 1, limit: 1 };
        if (r.chance(0.8)) {
          query.text = [r.pick(WORDS), ...(r.chance(0.3) ? [r.pick(WORDS)] : [])]
            .map((w) => typed(r, w))
            .join(' ');
        }
        if (r.chance(0.3)) query.category = r.pick(['camping', 'Music', 'Sports']);
        if (r.chance(0.2)) query.type = r.pick(['item', 'service'] as const);
        if (r.chance(0.2)) query.condition = r.pick(['new', 'good']);
        if (r.chance(0.5)) {
          const near = zipToPoint(r.pick(ZIPS))!;
          query.near = {
            lat: near.lat,
            lng: near.lng,
            ...(r.chance(0.8) ? { radiusMiles: r.pick([3, 5, 10, 25, 50]) } : {}),
          };
        }
        const result = await engine.search(query);
        const probed = probe.match(prepareQuery(query));
        expect({ query, doc: doc.title, matched: probed !== undefined }).toEqual({
          query,
          doc: doc.title,
          matched: result.total > 0,
        });
        if (probed && result.hits[0]?.distance !== undefined) {
          expect(Math.round(probed.distance! * 10) / 10).toBe(result.hits[0].distance);
        }
        if (probed) matched++;
      }
    }
    expect(matched).toBeGreaterThan(100);
  });
});
