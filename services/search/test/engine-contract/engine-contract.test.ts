/**
 * One behaviour contract for every search engine adapter. The in-process engines always run;
 * Meilisearch joins when MEILI_URL is set (see services/search/scripts/engine-contract.sh), each
 * run in its own throwaway index.
 */
import { randomUUID } from 'node:crypto';
import {
  MeiliSearchEngine,
  MemorySearchEngine,
  OramaSearchEngine,
} from '../../src/adapters/engine';
import type {
  ListingDocument,
  SearchEngine,
  SearchQuery,
  SearchResult,
} from '../../src/domain/ports';
import { haversineMiles, zipToPoint, type GeoPoint } from '../../src/domain/geo';
import { byId, LISTINGS } from './fixture';

type EngineCase = [name: string, make: () => SearchEngine];

const engines: EngineCase[] = [
  ['memory', () => new MemorySearchEngine()],
  ['orama', () => new OramaSearchEngine()],
];
const meiliUrl = process.env.MEILI_URL;
if (meiliUrl) {
  engines.push([
    'meilisearch',
    () =>
      new MeiliSearchEngine({
        url: meiliUrl,
        ...(process.env.MEILI_API_KEY ? { apiKey: process.env.MEILI_API_KEY } : {}),
        indexName: `listings_contract_${randomUUID().replace(/-/g, '')}`,
      }),
  ]);
}

function pointOfZip(zip: string): GeoPoint {
  const point = zipToPoint(zip);
  if (!point) throw new Error(`unknown ZIP ${zip}`);
  return point;
}

const MIDTOWN = pointOfZip('10001');
const ALL = LISTINGS.length;

/** Reference distance: the shared haversine on the ZIP data set's coordinates, one decimal. */
function referenceMiles(from: GeoPoint, doc: ListingDocument): number | undefined {
  if (doc.lat === undefined || doc.lng === undefined) return undefined;
  return Math.round(haversineMiles(from, { lat: doc.lat, lng: doc.lng }) * 10) / 10;
}

function exactMiles(from: GeoPoint, id: string): number {
  const doc = byId(id);
  if (doc.lat === undefined || doc.lng === undefined) throw new Error(`${id} has no location`);
  return haversineMiles(from, { lat: doc.lat, lng: doc.lng });
}

const ids = (result: SearchResult): string[] => result.hits.map((h) => h.id);
const sorted = (values: string[]): string[] => [...values].sort();
const idsWhere = (keep: (doc: ListingDocument) => boolean): string[] =>
  sorted(LISTINGS.filter(keep).map((d) => d.id));
const newestFirst = (docs: readonly ListingDocument[]): string[] =>
  [...docs].sort((a, b) => b.createdAt - a.createdAt).map((d) => d.id);
const countTypes = (docs: readonly ListingDocument[]) => ({
  item: docs.filter((d) => d.type === 'item').length,
  service: docs.filter((d) => d.type === 'service').length,
});

describe.each(engines)('search engine contract: %s', (_name, make) => {
  let engine: SearchEngine;
  const find = (query: Partial<SearchQuery>): Promise<SearchResult> =>
    engine.search({ page: 1, limit: 100, ...query });

  beforeAll(async () => {
    engine = make();
    await engine.ready();
    await engine.clear();
    await engine.upsert(LISTINGS);
  });

  afterAll(async () => {
    if (engine instanceof MeiliSearchEngine) await engine.dropIndex();
    await engine.close();
  });

  describe('readiness and size', () => {
    it('reports ready and counts every indexed listing', async () => {
      await expect(engine.ready()).resolves.toBeUndefined();
      await expect(engine.count()).resolves.toBe(ALL);
    });

    it('rejects a page below 1 or a non-positive limit', async () => {
      await expect(engine.search({ page: 0, limit: 10 })).rejects.toThrow(RangeError);
      await expect(engine.search({ page: 1, limit: 0 })).rejects.toThrow(RangeError);
    });
  });

  describe('filters', () => {
    it('filters by category regardless of case', async () => {
      const result = await find({ category: 'sports' });
      expect(sorted(ids(result))).toEqual(idsWhere((d) => d.category === 'Sports'));
      expect(result.total).toBe(6);
    });

    it('filters by category and subcategory together', async () => {
      const result = await find({ category: 'Sports', subcategory: 'CYCLING' });
      expect(sorted(ids(result))).toEqual(
        sorted([
          'road-bicycle',
          'kids-bicycle',
          'bike-helmet',
          'mountain-bicycle',
          'folding-bicycle',
        ]),
      );
    });

    it('filters by condition', async () => {
      const result = await find({ condition: 'like-new' });
      expect(sorted(ids(result))).toEqual(sorted(['kids-bicycle', 'bike-helmet', 'camera-tripod']));
    });

    it('filters by city, by state and by ZIP', async () => {
      const hoboken = sorted(['kids-bicycle', 'guitar-amp-older', 'guitar-amp-newer']);
      expect(sorted(ids(await find({ city: 'hoboken' })))).toEqual(hoboken);
      expect(sorted(ids(await find({ zip: '07030' })))).toEqual(hoboken);
      expect(sorted(ids(await find({ state: 'nj' })))).toEqual(idsWhere((d) => d.state === 'NJ'));
    });

    it('treats a ZIP+4 filter as its five-digit ZIP', async () => {
      expect(sorted(ids(await find({ zip: '07030-1234' })))).toEqual(
        sorted(ids(await find({ zip: '07030' }))),
      );
    });

    it('combines text with filters', async () => {
      expect(ids(await find({ text: 'bicycle', state: 'NY' }))).toEqual(['road-bicycle']);
    });

    it('returns nothing, with zero counts, when no listing passes the filters', async () => {
      const result = await find({ category: 'Sports', city: 'Boston' });
      expect(result).toEqual({ hits: [], total: 0, counts: { item: 0, service: 0 } });
    });

    it('returns whole listings as they were indexed', async () => {
      const [hit] = (await find({ text: 'spoke doctor' })).hits;
      expect(hit).toEqual(byId('bicycle-repair'));
    });
  });

  describe('type tabs and counts', () => {
    it('counts items and services for the query across all types', async () => {
      const result = await find({ text: 'guitar' });
      expect(result.total).toBe(4);
      expect(result.counts).toEqual({ item: 3, service: 1 });
    });

    it('keeps the counts of all types when one type is selected', async () => {
      const services = await find({ text: 'guitar', type: 'service' });
      expect(ids(services)).toEqual(['guitar-lessons']);
      expect(services.total).toBe(1);
      expect(services.counts).toEqual({ item: 3, service: 1 });

      const items = await find({ text: 'guitar', type: 'item' });
      expect(sorted(ids(items))).toEqual(
        sorted(['acoustic-guitar', 'guitar-amp-older', 'guitar-amp-newer']),
      );
      expect(items.counts).toEqual({ item: 3, service: 1 });
    });

    it('counts types under filters without text', async () => {
      const inNewYork = LISTINGS.filter((d) => d.state === 'NY');
      const result = await find({ state: 'NY', type: 'item' });
      expect(result.counts).toEqual(countTypes(inNewYork));
      expect(result.total).toBe(countTypes(inNewYork).item);
      expect(result.hits.every((h) => h.type === 'item')).toBe(true);
    });

    it('counts every listing when nothing narrows the query', async () => {
      const result = await find({});
      expect(result.total).toBe(ALL);
      expect(result.counts).toEqual(countTypes(LISTINGS));
    });
  });

  describe('pagination and order without text', () => {
    it('lists newest first without text or location', async () => {
      expect(ids(await find({}))).toEqual(newestFirst(LISTINGS));
    });

    it('pages through the results with page and limit', async () => {
      const order = newestFirst(LISTINGS);
      const second = await engine.search({ page: 2, limit: 10 });
      expect(ids(second)).toEqual(order.slice(10, 20));
      const last = await engine.search({ page: 4, limit: 10 });
      expect(ids(last)).toEqual(order.slice(30));
      expect(last.total).toBe(ALL);
    });

    it('returns no hits but the real totals for a page past the end', async () => {
      const result = await engine.search({ page: 5, limit: 10 });
      expect(result.hits).toEqual([]);
      expect(result.total).toBe(ALL);
      expect(result.counts).toEqual(countTypes(LISTINGS));

      const filtered = await engine.search({ text: 'guitar', type: 'item', page: 2, limit: 3 });
      expect(filtered.hits).toEqual([]);
      expect(filtered.total).toBe(3);
      expect(filtered.counts).toEqual({ item: 3, service: 1 });
    });
  });

  describe('text matching', () => {
    const bicycles = sorted([
      'road-bicycle',
      'kids-bicycle',
      'bicycle-repair',
      'mountain-bicycle',
      'folding-bicycle',
    ]);

    it('finds every listing containing the word', async () => {
      expect(sorted(ids(await find({ text: 'bicycle' })))).toEqual(bicycles);
    });

    it('tolerates one typo in a word of five or more letters ("bicycel")', async () => {
      expect(sorted(ids(await find({ text: 'bicycel' })))).toEqual(bicycles);
    });

    it('tolerates a typo in an earlier word too', async () => {
      expect(ids(await find({ text: 'bicycel repair' }))).toEqual(['bicycle-repair']);
    });

    it('does not tolerate a typo in a word shorter than five letters', async () => {
      expect(ids(await find({ text: 'sofa' }))).toEqual(['leather-sofa']);
      expect((await find({ text: 'sifa' })).total).toBe(0);
      expect((await find({ text: 'lmap' })).total).toBe(0);
    });

    it('matches the last word as a prefix ("bicy")', async () => {
      expect(sorted(ids(await find({ text: 'bicy' })))).toEqual(bicycles);
      expect(ids(await find({ text: 'bicycle rep' }))).toEqual(['bicycle-repair']);
    });

    it('requires earlier words to be whole words', async () => {
      expect((await find({ text: 'bicy repair' })).total).toBe(0);
    });

    it('requires every word of the query to match', async () => {
      expect(ids(await find({ text: 'guitar lessons' }))).toEqual(['guitar-lessons']);
      expect((await find({ text: 'guitar kayak' })).total).toBe(0);
    });

    it('ignores case and accents', async () => {
      expect(ids(await find({ text: 'LEATHER SÓFA' }))).toEqual(['leather-sofa']);
    });

    it('ranks an exact match above a match through a typo', async () => {
      expect(ids(await find({ text: 'camera' }))).toEqual(['camera-tripod', 'camara-bag']);
    });

    it('orders equally relevant listings newest first', async () => {
      const order = ids(await find({ text: 'amplifier' }));
      expect(order).toEqual(['guitar-amp-newer', 'guitar-amp-older']);
    });

    it('treats blank text as no text', async () => {
      expect(ids(await find({ text: '   ' }))).toEqual(newestFirst(LISTINGS));
    });
  });

  describe('location', () => {
    const within = (miles: number): string[] =>
      idsWhere((d) => d.lat !== undefined && exactMiles(MIDTOWN, d.id) <= miles);

    it('keeps only listings within the radius, each with its distance', async () => {
      const result = await find({ near: { ...MIDTOWN, radiusMiles: 10 } });
      expect(sorted(ids(result))).toEqual(within(10));
      expect(ids(result)).toContain('moving-help'); // Newark, 9.5 mi
      expect(ids(result)).not.toContain('lawn-mower'); // Hackensack, 10.06 mi
      expect(ids(result)).not.toContain('spanish-translation'); // no location
      for (const hit of result.hits) expect(hit.distance).toBeLessThanOrEqual(10);
    });

    it('includes a listing lying exactly on the radius', async () => {
      const radiusMiles = exactMiles(MIDTOWN, 'moving-help');
      expect(ids(await find({ near: { ...MIDTOWN, radiusMiles } }))).toContain('moving-help');
    });

    it('excludes a listing a tenth of a mile outside the radius', async () => {
      const radiusMiles = exactMiles(MIDTOWN, 'moving-help') - 0.1;
      const result = await find({ near: { ...MIDTOWN, radiusMiles } });
      expect(ids(result)).not.toContain('moving-help');
      expect(sorted(ids(result))).toEqual(within(radiusMiles));
    });

    it('holds the same boundary when text is searched too', async () => {
      const onIt = exactMiles(MIDTOWN, 'moving-help');
      const search = (radiusMiles: number) =>
        find({ text: 'movers', near: { ...MIDTOWN, radiusMiles } });
      expect(ids(await search(onIt))).toEqual(['moving-help']);
      expect(ids(await search(onIt - 0.1))).toEqual([]);
    });

    it('lists nearest first without text, newest first at equal distance', async () => {
      const result = await find({ near: MIDTOWN });
      const located = LISTINGS.filter((d) => d.lat !== undefined);
      const expected = [...located]
        .sort(
          (a, b) =>
            exactMiles(MIDTOWN, a.id) - exactMiles(MIDTOWN, b.id) || b.createdAt - a.createdAt,
        )
        .map((d) => d.id);
      expect(ids(result)).toEqual([...expected, 'spanish-translation']);
      expect(ids(result).indexOf('guitar-amp-newer')).toBe(
        ids(result).indexOf('guitar-amp-older') - 1,
      );
    });

    it('reports distances equal to the haversine reference, rounded to one decimal', async () => {
      const result = await find({ near: MIDTOWN });
      for (const hit of result.hits) {
        expect(hit.distance).toBe(referenceMiles(MIDTOWN, byId(hit.id)));
      }
      const far = result.hits.find((h) => h.id === 'designer-handbag');
      expect(far?.distance).toBeCloseTo(2453.3, 1);
      expect(result.hits.find((h) => h.id === 'road-bicycle')?.distance).toBe(0);
    });

    it('adds distances without a radius but still ranks text by relevance', async () => {
      const result = await find({ text: 'camera', near: MIDTOWN });
      expect(ids(result)).toEqual(['camera-tripod', 'camara-bag']);
      for (const hit of result.hits) {
        expect(hit.distance).toBe(referenceMiles(MIDTOWN, byId(hit.id)));
      }
    });

    it('combines text, radius and counts', async () => {
      const result = await find({ text: 'bicycle', near: { ...MIDTOWN, radiusMiles: 100 } });
      expect(sorted(ids(result))).toEqual(
        sorted(['road-bicycle', 'kids-bicycle', 'bicycle-repair', 'mountain-bicycle']),
      );
      expect(result.counts).toEqual({ item: 3, service: 1 });
      expect(result.hits.every((h) => typeof h.distance === 'number')).toBe(true);
    });

    it('leaves distance off every hit when no location is given', async () => {
      const result = await find({ text: 'bicycle' });
      expect(result.hits.every((h) => h.distance === undefined)).toBe(true);
    });
  });

  describe('writes', () => {
    beforeEach(async () => {
      await engine.clear();
      await engine.upsert(LISTINGS);
    });

    afterAll(async () => {
      await engine.clear();
      await engine.upsert(LISTINGS);
    });

    it('forgets a removed listing and updates the counts', async () => {
      await engine.remove(['road-bicycle']);
      const result = await find({ text: 'bicycle' });
      expect(ids(result)).not.toContain('road-bicycle');
      expect(result.counts).toEqual({ item: 3, service: 1 });
      expect((await find({})).counts.item).toBe(countTypes(LISTINGS).item - 1);
      await expect(engine.count()).resolves.toBe(ALL - 1);
    });

    it('ignores removal of an unknown id', async () => {
      await engine.remove(['no-such-listing']);
      await expect(engine.count()).resolves.toBe(ALL);
    });

    it('replaces a listing upserted again under the same id', async () => {
      await engine.upsert([
        { ...byId('road-bicycle'), title: 'Racing tandem', description: 'Two seats.', tags: [] },
      ]);
      expect(ids(await find({ text: 'tandem' }))).toEqual(['road-bicycle']);
      expect(ids(await find({ text: 'vintage' }))).toEqual([]);
      await expect(engine.count()).resolves.toBe(ALL);
    });

    it('rejects a batch holding a malformed listing without writing any of it', async () => {
      const fresh = { ...byId('kayak'), id: 'fresh-kayak', title: 'Inflatable kayak' };
      const broken = { ...byId('oak-desk'), tags: 'not-a-list' } as unknown as ListingDocument;
      await expect(engine.upsert([fresh, broken])).rejects.toThrow(TypeError);
      await expect(engine.count()).resolves.toBe(ALL);
      expect((await find({ text: 'inflatable' })).total).toBe(0);
    });

    it('rejects ids the engines cannot share', async () => {
      await expect(engine.upsert([{ ...byId('kayak'), id: 'kayak/2' }])).rejects.toThrow(TypeError);
    });

    it('empties the index on clear', async () => {
      await engine.clear();
      await expect(engine.count()).resolves.toBe(0);
      expect(await find({})).toEqual({ hits: [], total: 0, counts: { item: 0, service: 0 } });
    });
  });
});
