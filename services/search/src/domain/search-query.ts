import {
  productConditions,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  searchRadiusMiles,
  type SearchRadiusMiles,
} from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import type { SearchQuery } from './ports';
import type { ZipPoint } from './geo';

/** Radius choices the search page offers, in miles (SPEC §9): the route's contract. */
export const RADIUS_MILES = searchRadiusMiles;
export type RadiusMiles = SearchRadiusMiles;

export const CONDITIONS = productConditions;

export const DEFAULT_LIMIT = SEARCH_DEFAULT_LIMIT;
export const MAX_LIMIT = SEARCH_MAX_LIMIT;

/** A validated `GET /api/search` request. */
export interface SearchParams {
  query?: string;
  type: 'all' | 'item' | 'service';
  category?: string;
  subcategory?: string;
  condition?: string;
  city?: string;
  state?: string;
  zip?: string;
  searchZip?: string;
  radius?: RadiusMiles;
  page: number;
  limit: number;
}

/**
 * Turns request parameters into an engine query. A search ZIP becomes the point distances are
 * measured from; a radius applies only together with it (SPEC §5).
 */
export function toEngineQuery(
  params: SearchParams,
  resolveZip: (zip: string) => ZipPoint | undefined,
): SearchQuery {
  const query: SearchQuery = { page: params.page, limit: params.limit };
  if (params.query) query.text = params.query;
  if (params.type !== 'all') query.type = params.type;
  for (const field of ['category', 'subcategory', 'condition', 'city', 'state', 'zip'] as const) {
    const value = params[field];
    if (value) query[field] = value;
  }
  if (params.searchZip) {
    const point = resolveZip(params.searchZip);
    if (!point) throw AppError.invalid('Unknown ZIP code', 'searchZip');
    query.near = {
      lat: point.lat,
      lng: point.lng,
      ...(params.radius !== undefined ? { radiusMiles: params.radius } : {}),
    };
  }
  return query;
}

/** Pages for a total at a page size; no results means no pages. */
export const totalPages = (total: number, limit: number): number => Math.ceil(total / limit);
