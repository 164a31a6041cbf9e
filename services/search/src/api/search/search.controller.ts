import type { Request, Response } from 'express';
import type { SearchResponse } from '@swapbooth/contracts';
import { parse } from '@swapbooth/service-kit';
import type { SearchDeps } from '../../deps';
import { searchListings } from '../../domain/search-listings';
import { toListingCard } from './listing-card';
import { searchQuerySchema, toSearchParams } from './search.schemas';

export function searchController(deps: SearchDeps) {
  return {
    /** GET /api/search */
    async search(req: Request, res: Response): Promise<void> {
      const params = toSearchParams(parse(searchQuerySchema, req.query, 'query'));
      const page = await searchListings(deps, params);
      const data: SearchResponse = {
        products: page.hits.map(toListingCard),
        totalCount: page.total,
        counts: page.counts,
        page: page.page,
        limit: page.limit,
        totalPages: page.totalPages,
      };
      res.json({ success: true, data });
    },
  };
}
