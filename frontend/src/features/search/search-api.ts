import type { ApiSuccess, SearchResponse } from '@swapbooth/contracts';
import { api } from '../../app/api';
import { fromCard, type Listing } from '../../lib/listing';
import type { SearchRequest } from './search-state';

export interface SearchResult {
  listings: Listing[];
  totalCount: number;
  counts: { items: number; services: number };
  page: number;
  totalPages: number;
}

/** Maps `data` of GET /api/search. */
export const toSearchResult = (d: SearchResponse): SearchResult => ({
  listings: d.products.map(fromCard),
  totalCount: d.totalCount,
  counts: d.counts,
  page: d.page,
  totalPages: d.totalPages,
});

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResult, SearchRequest>({
      query: (req) => ({ url: '/search', params: { ...req } }),
      transformResponse: (body: ApiSuccess<SearchResponse>) => toSearchResult(body.data),
    }),
  }),
});

export const { useSearchQuery } = searchApi;
