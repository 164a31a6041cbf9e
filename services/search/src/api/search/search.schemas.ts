import { searchQuerySchema, type SearchQueryParams } from '@swapbooth/contracts';
import { toEngineQuery, type SearchParams } from '../../domain/search-query';
import type { SearchQuery } from '../../domain/ports';
import { zipToPoint } from '../../domain/geo';

/** The query of `GET /api/search` is the contract's (packages/contracts search-requests). */
export { searchQuerySchema };

/** The parsed parameters, shaped as the search use case takes them. */
export function toSearchParams(parsed: SearchQueryParams): SearchParams {
  const out: SearchParams = { type: parsed.type, page: parsed.page, limit: parsed.limit };
  for (const key of [
    'query',
    'category',
    'subcategory',
    'condition',
    'city',
    'state',
    'zip',
    'searchZip',
  ] as const) {
    const value = parsed[key];
    if (value !== undefined) out[key] = value;
  }
  if (parsed.radius !== undefined) out.radius = parsed.radius;
  return out;
}

/**
 * The engine query `GET /api/search` would run for these query-string parameters (tools and
 * benchmarks that call an engine directly). Throws on parameters the route would answer 400 to.
 */
export function engineQueryOf(raw: Record<string, string>): SearchQuery {
  return toEngineQuery(toSearchParams(searchQuerySchema.parse(raw)), zipToPoint);
}
