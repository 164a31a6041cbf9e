import { AppError, type Logger } from '@swapbooth/service-kit';
import type { SearchEngine, SearchHit } from './ports';
import { zipToPoint } from './geo';
import { toEngineQuery, totalPages, type SearchParams } from './search-query';

/** One page of search results with the totals the results page shows. */
export interface ListingsPage {
  hits: SearchHit[];
  total: number;
  counts: { items: number; services: number };
  page: number;
  limit: number;
  totalPages: number;
}

/**
 * Searches published listings. A client mistake (unknown ZIP) is a 400; an engine that cannot
 * answer is a 503, never a 500 with its internals.
 */
export async function searchListings(
  deps: { engine: SearchEngine; logger: Pick<Logger, 'error'> },
  params: SearchParams,
): Promise<ListingsPage> {
  const query = toEngineQuery(params, zipToPoint);
  let result;
  try {
    result = await deps.engine.search(query);
  } catch (err) {
    deps.logger.error({ err, engine: deps.engine.kind }, 'search engine failed');
    throw AppError.unavailable('Search is temporarily unavailable');
  }
  return {
    hits: result.hits,
    total: result.total,
    counts: { items: result.counts.item, services: result.counts.service },
    page: params.page,
    limit: params.limit,
    totalPages: totalPages(result.total, params.limit),
  };
}
