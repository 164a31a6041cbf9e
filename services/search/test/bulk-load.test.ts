import { eventually } from '@swapbooth/test-kit';
import type { ListingDocument } from '../src/domain/ports';
import { haversineMiles, zipToPoint } from '../src/domain/geo';
import { bulkLoad } from '../src/scripts/bulk-load';
import { reindex } from '../src/scripts/reindex';
import { profile, uniqueWord } from './support/factories';
import { startSearch, type SearchHarness } from './support/harness';
import type { Loose } from './support/http';

let h: SearchHarness;
beforeAll(async () => {
  h = await startSearch();
});
afterAll(async () => {
  await h?.stop();
});

const ZIPS = ['10001', '07030', '11201', '06901', '19103'];

function generated(count: number, category: string): ListingDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const zip = ZIPS[i % ZIPS.length]!;
    const point = zipToPoint(zip)!;
    return {
      id: `bulk-${category}-${i}`,
      slug: `bulk-${i}`,
      title: i % 10 === 3 ? `Heirloom listing ${i}` : `Generated listing ${i}`,
      description: 'Made for a load test.',
      category,
      type: i % 4 === 0 ? 'service' : 'item',
      tags: ['generated'],
      sellerId: `seller-${category}-${i % 10}`,
      sellerFirstName: 'Gen',
      sellerLastName: `Seller ${i % 10}`,
      boothName: `Booth ${i % 10}`,
      boothInterests: ['books'],
      zip,
      city: point.city,
      state: point.state,
      lat: point.lat,
      lng: point.lng,
      createdAt: Date.UTC(2025, 0, 1) + i,
    };
  });
}

const total = async (category: string): Promise<number> =>
  (await h.api.search({ category })).body.data.totalCount;

describe('bulk loading and reindexing', () => {
  const category = uniqueWord('bulk');
  const docs = generated(1200, category);

  it('makes bulk-loaded listings searchable as soon as the load resolves', async () => {
    await bulkLoad(h.service.deps, docs);
    const origin = zipToPoint('10001')!;
    const near = docs.filter((d) => haversineMiles(origin, { lat: d.lat!, lng: d.lng! }) <= 5);
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThan(docs.length);
    const res = await h.api.search({ category, searchZip: '10001', radius: 5, limit: 100 });
    expect(res.body.data.totalCount).toBe(near.length);
    expect(res.body.data.counts.services).toBe(near.filter((d) => d.type === 'service').length);
    expect(await total(category)).toBe(docs.length);
  });

  /** The cards of the seller whose listings are titled "Heirloom". */
  async function heirlooms(): Promise<Loose[]> {
    const cards: Loose[] = [];
    for (let page = 1; page <= 2; page++) {
      const res = await h.api.search({ category, query: 'heirloom', limit: 100, page });
      cards.push(...res.body.data.products);
    }
    return cards;
  }

  it('recomposes bulk-loaded listings when their seller changes, keeping their booth', async () => {
    const sellerId = docs[3]!.sellerId;
    await h.publish(
      'user.profile-updated',
      profile(sellerId, { firstName: 'Renamed', version: 1 }),
    );
    const cards = await eventually(async () => {
      const found = await heirlooms();
      return found.length > 0 && found.every((c) => c.user_profile?.first_name === 'Renamed')
        ? found
        : undefined;
    });
    expect(cards).toHaveLength(docs.filter((d) => d.sellerId === sellerId).length);
    for (const card of cards) {
      expect(card.booth).toEqual({ name: 'Booth 3', interests: ['books'] });
      expect(card.user_profile).toEqual({
        first_name: 'Renamed',
        last_name: 'Lovelace',
        username: `ada_${sellerId}`,
        profile_image: `https://img.test/avatars/${sellerId}.png`,
      });
    }
  });

  it('reindexes every listed document from the projection', async () => {
    expect(await reindex(h.service.deps)).toBe(docs.length);
    expect(await total(category)).toBe(docs.length);
    expect((await heirlooms())[0].user_profile.first_name).toBe('Renamed');
  });

  it('fills the in-process index from the projection on restart, keeping later changes', async () => {
    await h.restart();
    expect(await total(category)).toBe(docs.length);
    const cards = await heirlooms();
    expect(cards.length).toBe(docs.filter((d) => d.sellerId === docs[3]!.sellerId).length);
    expect(cards.every((c) => c.user_profile.first_name === 'Renamed')).toBe(true);
  });
});
