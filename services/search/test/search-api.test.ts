import { checkResponse, searchEndpoints, type ProductSnapshot } from '@swapbooth/contracts';
import { eventually, signTestToken } from '@swapbooth/test-kit';
import { haversineMiles, zipToPoint, type GeoPoint } from '../src/domain/geo';
import { product } from './support/factories';
import { startSearch, type SearchHarness } from './support/harness';
import type { Loose } from './support/http';

let h: SearchHarness;

const START = Date.UTC(2025, 0, 1);
let minute = 0;
const at = (zip: string | undefined, city?: string, state?: string) =>
  zip ? { zipCode: zip, city, state } : { zipCode: undefined, city: undefined, state: undefined };

function listing(key: string, fields: Partial<ProductSnapshot>): [string, ProductSnapshot] {
  minute += 1;
  const createdAt = new Date(START + minute * 60_000).toISOString();
  return [key, product({ tags: [], createdAt, updatedAt: createdAt, ...fields })];
}

/** Published listings around New York, a few far away, one with no location; newest last. */
const FIXTURE = new Map<string, ProductSnapshot>([
  listing('roadBike', {
    title: 'Vintage road bicycle',
    category: 'Sports',
    subCategory: 'Cycling',
    condition: 'good',
    ...at('10001', 'New York', 'NY'),
  }),
  listing('kidsBike', {
    title: 'Kids bicycle with training wheels',
    category: 'Sports',
    subCategory: 'Cycling',
    condition: 'like-new',
    ...at('07030', 'Hoboken', 'NJ'),
  }),
  listing('helmet', {
    title: 'Bike helmet',
    category: 'Sports',
    subCategory: 'Cycling',
    condition: 'new',
    ...at('10011', 'New York', 'NY'),
  }),
  listing('bikeRepair', {
    title: 'Bicycle repair and tune-up',
    type: 'service',
    category: 'Repairs',
    subCategory: undefined,
    condition: undefined,
    ...at('11201', 'Brooklyn', 'NY'),
  }),
  listing('guitarLessons', {
    title: 'Guitar lessons for beginners',
    type: 'service',
    category: 'Education',
    subCategory: 'Music',
    condition: undefined,
    ...at('10001', 'New York', 'NY'),
  }),
  listing('guitar', {
    title: 'Acoustic guitar',
    category: 'Music',
    subCategory: 'Instruments',
    condition: 'fair',
    ...at('06901', 'Stamford', 'CT'),
  }),
  listing('table', {
    title: 'Oak dining table',
    category: 'Home',
    subCategory: 'Furniture',
    condition: 'good',
    ...at('19103', 'Philadelphia', 'PA'),
  }),
  listing('surfboard', {
    title: 'Longboard surfboard',
    category: 'Sports',
    subCategory: 'Water',
    condition: 'poor',
    ...at('90210', 'Beverly Hills', 'CA'),
  }),
  listing('dogWalking', {
    title: 'Dog walking',
    type: 'service',
    category: 'Pets',
    subCategory: undefined,
    condition: undefined,
    ...at('07030', 'Hoboken', 'NJ'),
  }),
  listing('tutoring', {
    title: 'Online math tutoring',
    type: 'service',
    category: 'Education',
    subCategory: 'Math',
    condition: undefined,
    ...at(undefined),
  }),
  listing('tent', {
    title: 'Camping tent for four',
    category: 'Sports',
    subCategory: 'Camping',
    condition: 'good',
    ...at('10301', 'Staten Island', 'NY'),
  }),
]);
const HIDDEN = product({ title: 'Hidden bicycle draft', status: 'draft', category: 'Sports' });

const ALL = [...FIXTURE.values()];
const idOf = (key: string) => FIXTURE.get(key)!.productId;
const keysOf = (cards: Loose[]) => {
  const byId = new Map(ALL.map((p) => [p.productId, p]));
  const keyById = new Map([...FIXTURE].map(([k, p]) => [p.productId, k]));
  return cards.map(
    (c) => keyById.get(c.product_id) ?? (byId.has(c.product_id) ? '?' : c.product_id),
  );
};
const sorted = (keys: string[]) => [...keys].sort();
const keysWhere = (keep: (p: ProductSnapshot) => boolean) =>
  sorted([...FIXTURE].filter(([, p]) => keep(p)).map(([k]) => k));

const MIDTOWN: GeoPoint = zipToPoint('10001')!;
const milesTo = (p: ProductSnapshot): number | undefined => {
  const point = p.zipCode ? zipToPoint(p.zipCode) : undefined;
  return point ? haversineMiles(MIDTOWN, point) : undefined;
};

/** One page of results, checked against the search contract (strict: no field added or renamed). */
async function search(params: Record<string, string | number | undefined>) {
  return checkResponse(searchEndpoints, 'GET /api/search', await h.api.search(params));
}

beforeAll(async () => {
  h = await startSearch();
  for (const p of [...ALL, HIDDEN]) await h.publish('product.created', p);
  await eventually(async () => (await search({ limit: 100 })).totalCount === ALL.length, 15_000);
});
afterAll(async () => {
  await h?.stop();
});

describe('GET /api/search', () => {
  it('browses every published listing, newest first, with totals and tab counts', async () => {
    const data = await search({});
    expect(data.totalCount).toBe(ALL.length);
    expect(data.counts).toEqual({ items: 7, services: 4 });
    expect(data.page).toBe(1);
    expect(data.totalPages).toBe(1);
    expect(keysOf(data.products)).toEqual([...FIXTURE.keys()].reverse());
    expect(data.products.map((c) => c.product_id)).not.toContain(HIDDEN.productId);
  });

  it('filters by category, subcategory, condition, city, state and ZIP, ignoring case', async () => {
    const keys = async (params: Record<string, string>) =>
      sorted(keysOf((await search(params)).products));
    expect(await keys({ category: 'sports' })).toEqual(keysWhere((p) => p.category === 'Sports'));
    expect(await keys({ category: 'Sports', subcategory: 'CYCLING' })).toEqual(
      sorted(['roadBike', 'kidsBike', 'helmet']),
    );
    expect(await keys({ condition: 'Like-New' })).toEqual(['kidsBike']);
    expect(await keys({ city: 'new york' })).toEqual(
      sorted(['roadBike', 'helmet', 'guitarLessons']),
    );
    expect(await keys({ state: 'nj' })).toEqual(sorted(['kidsBike', 'dogWalking']));
    expect(await keys({ zip: '07030' })).toEqual(sorted(['kidsBike', 'dogWalking']));
    expect(await keys({ category: 'Education', type: 'service' })).toEqual(
      sorted(['guitarLessons', 'tutoring']),
    );
  });

  it('counts both tabs whichever tab is shown', async () => {
    const all = await search({ type: 'all', category: 'Education' });
    const items = await search({ type: 'item', category: 'Sports' });
    const services = await search({ type: 'service' });
    expect(all.counts).toEqual({ items: 0, services: 2 });
    expect(items.totalCount).toBe(5);
    expect(items.counts).toEqual({ items: 5, services: 0 });
    expect(items.products.every((c) => c.type === 'item')).toBe(true);
    expect(services.totalCount).toBe(4);
    expect(services.counts).toEqual({ items: 7, services: 4 });
    expect(services.products.every((c) => c.type === 'service')).toBe(true);
  });

  it('tolerates typos and matches prefixes, as live suggestions need', async () => {
    const typo = await search({ query: 'bicycel' });
    expect(sorted(keysOf(typo.products))).toEqual(sorted(['roadBike', 'kidsBike', 'bikeRepair']));
    const prefix = await search({ query: 'guit', limit: 10 });
    expect(sorted(keysOf(prefix.products))).toEqual(sorted(['guitar', 'guitarLessons']));
    expect(prefix.counts).toEqual({ items: 1, services: 1 });
    const none = await search({ query: 'xylophone' });
    expect(none).toMatchObject({ products: [], totalCount: 0, totalPages: 0 });
  });

  it('keeps to the radius around the search ZIP, nearest first, with distances in miles to one decimal', async () => {
    const data = await search({ searchZip: '10001', radius: 10, limit: 100 });
    const within = keysWhere((p) => (milesTo(p) ?? Infinity) <= 10);
    expect(within.length).toBeGreaterThan(2);
    expect(within.length).toBeLessThan(ALL.length - 2);
    expect(sorted(keysOf(data.products))).toEqual(within);
    expect(data.totalCount).toBe(within.length);
    const distances = data.products.map((c) => c.distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const card of data.products) {
      const expected = Math.round(milesTo(FIXTURE.get(keysOf([card])[0]!)!)! * 10) / 10;
      expect(card.distance).toBe(expected);
    }
  });

  it('measures every hit from a search ZIP without a radius, nearest first, placeless last', async () => {
    const data = await search({ searchZip: '10001', limit: 100 });
    expect(data.totalCount).toBe(ALL.length);
    const keys = keysOf(data.products);
    expect(keys[keys.length - 1]).toBe('tutoring');
    expect(data.products[keys.length - 1]).not.toHaveProperty('distance');
    const distances = data.products.slice(0, -1).map((c) => c.distance as number);
    expect(distances.every((d) => typeof d === 'number')).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[distances.length - 1]).toBeGreaterThan(2000);
    expect(await search({ searchZip: '10001', radius: 'any', limit: 100 })).toEqual(data);
  });

  it('ranks text matches by relevance within the radius, still giving distances', async () => {
    const data = await search({ query: 'bicycle', searchZip: '10001', radius: 25 });
    expect(sorted(keysOf(data.products))).toEqual(sorted(['roadBike', 'kidsBike', 'bikeRepair']));
    expect(data.products.every((c) => typeof c.distance === 'number')).toBe(true);
  });

  it('ignores a radius without a search ZIP', async () => {
    const plain = await search({ category: 'Sports' });
    const withRadius = await search({ category: 'Sports', radius: 3 });
    expect(withRadius).toEqual(plain);
    expect(withRadius.products.some((c) => 'distance' in c)).toBe(false);
  });

  it('pages through results without repeats, and answers a page past the end with the real totals', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const data = await search({ limit: 4, page });
      expect(data).toMatchObject({ page, totalCount: ALL.length, totalPages: 3 });
      seen.push(...data.products.map((c) => c.product_id));
    }
    expect(sorted(seen)).toEqual(sorted(ALL.map((p) => p.productId)));
    expect(await search({ limit: 4, page: 99 })).toEqual({
      products: [],
      totalCount: ALL.length,
      counts: { items: 7, services: 4 },
      page: 99,
      limit: 4,
      totalPages: 3,
    });
  });

  it.each([
    [{ searchZip: '00000' }, 'searchZip', 'Unknown ZIP code'],
    [{ searchZip: 'abcde', radius: 10 }, 'searchZip', 'Unknown ZIP code'],
    [
      { searchZip: '10001', radius: 7 },
      'radius',
      'radius: must be one of any, 3, 5, 10, 25, 50, 100',
    ],
    [{ page: 0 }, 'page', 'page: must be between 1 and 10000'],
    [{ page: 'last' }, 'page', 'page: must be a whole number'],
    [{ limit: 101 }, 'limit', 'limit: must be between 1 and 100'],
    [{ limit: 0 }, 'limit', 'limit: must be between 1 and 100'],
    [{ type: 'gadget' }, 'type', 'type: must be all, item or service'],
    [
      { condition: 'broken' },
      'condition',
      'condition: must be one of new, like-new, good, fair, poor',
    ],
    [{ zip: 'north' }, 'zip', 'zip: must be a 5-digit ZIP code'],
  ])('answers %p with a 400 naming %s', async (params, field, message) => {
    const res = await h.api.search(params);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: 'invalid', field, message });
  });

  it('answers a repeated parameter with a 400, not a server error', async () => {
    const res = await h.api.get('/api/search?type=item&type=service');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('type');
  });

  it('serves visitors and signed-in members alike, and refuses a forged token', async () => {
    const member = await h.api.search({ category: 'Pets' }, signTestToken('u-member'));
    expect(member.status).toBe(200);
    expect(keysOf(member.body.data.products)).toEqual(['dogWalking']);
    const forged = await h.api.search({ category: 'Pets' }, 'not-a-token');
    expect(forged.status).toBe(401);
  });

  it('reports the engine in its readiness check', async () => {
    const res = await h.api.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toMatchObject({ engine: { ok: true }, database: { ok: true } });
  });

  it('has the card fields of a listing it knows little about, and nothing invented', async () => {
    const [card] = (await search({ category: 'Pets' })).products;
    const source = FIXTURE.get('dogWalking')!;
    expect(card).toEqual({
      product_id: idOf('dogWalking'),
      id: idOf('dogWalking'),
      slug: source.slug,
      title: 'Dog walking',
      type: 'service',
      category: 'Pets',
      tags: [],
      image_url: source.images[1]!.image_url,
      images: [{ image_url: source.images[1]!.image_url, is_default: true }],
      user_id: source.userId,
      userId: source.userId,
      city: 'Hoboken',
      state: 'NJ',
      zip: '07030',
      created_at: source.createdAt,
    });
  });
});
