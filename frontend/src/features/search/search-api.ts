import { api } from '../../app/api';
import { unwrap } from '../../app/http';
import { listOf, toListing, type Listing } from '../../lib/listing';
import { SEARCH_PAGE_SIZE, type SearchRequest } from './search-state';

export interface SearchResult {
  listings: Listing[];
  totalCount: number;
  counts: { items: number; services: number };
  page: number;
  totalPages: number;
}

const n = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

/** Maps GET /api/search (data.products, totalCount, counts, page, totalPages). */
export function toSearchResult(
  body: unknown,
  request: Pick<SearchRequest, 'page' | 'limit' | 'type'>,
): SearchResult {
  const d = (unwrap<unknown>(body) ?? {}) as Record<string, unknown>;
  const listings = listOf(d).map(toListing);
  const totalCount = n(d.totalCount, listings.length);
  const counts = (d.counts ?? {}) as Record<string, unknown>;
  const fallbackItems =
    request.type === 'service' ? 0 : listings.filter((l) => l.type === 'item').length;
  const fallbackServices =
    request.type === 'item' ? 0 : listings.filter((l) => l.type === 'service').length;
  const limit = request.limit || SEARCH_PAGE_SIZE;
  return {
    listings,
    totalCount,
    counts: {
      items: n(counts.items, fallbackItems),
      services: n(counts.services, fallbackServices),
    },
    page: n(d.page, request.page),
    totalPages: n(d.totalPages, Math.ceil(totalCount / limit)),
  };
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResult, SearchRequest>({
      query: (req) => ({ url: '/search', params: { ...req } }),
      transformResponse: (body, _meta, req) => toSearchResult(body, req),
    }),
  }),
});

export const { useSearchQuery } = searchApi;
