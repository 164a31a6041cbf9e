import { AppError } from '@swapbooth/service-kit';
import { OramaSearchEngine } from '../adapters/engine';
import type { SearchEngine } from './ports';
import { searchListings } from './search-listings';

const quiet = { error: jest.fn() };
const params = { type: 'all' as const, page: 1, limit: 25 };

describe('searchListings', () => {
  it('answers with the page, totals, tab counts and page count', async () => {
    const engine = new OramaSearchEngine();
    await engine.upsert([
      {
        id: 'a',
        slug: 'a',
        title: 'Atlas',
        description: '',
        category: 'Books',
        type: 'item',
        tags: [],
        sellerId: 's',
        boothInterests: [],
        createdAt: 1,
      },
    ]);
    const page = await searchListings({ engine, logger: quiet }, { ...params, limit: 1, page: 3 });
    expect(page).toMatchObject({
      hits: [],
      total: 1,
      counts: { items: 1, services: 0 },
      page: 3,
      limit: 1,
      totalPages: 1,
    });
  });

  it('turns an engine failure into a 503 without its details, and logs it', async () => {
    const broken = {
      kind: 'meilisearch',
      search: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:7700')),
    } as unknown as SearchEngine;
    const logger = { error: jest.fn() };
    const failure = searchListings({ engine: broken, logger }, params);
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Search is temporarily unavailable',
    });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});
