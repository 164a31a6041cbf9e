import type { SavedSearchAlertMode, SavedSearchQuery } from '@swapbooth/contracts';
import { zipToPoint } from './geo';
import type { IndexedSearch } from './ports';
import { toEngineQuery, type SearchParams } from './search-query';

/** A member's saved search. Deleted ones are kept (marked) until their event is published. */
export interface SavedSearch {
  id: string;
  memberId: string;
  name: string;
  query: SavedSearchQuery;
  alerts: SavedSearchAlertMode;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** When its owner last opened it: matches after it are new. */
  lastOpenedAt?: Date;
  deletedAt?: Date;
}

/** The search page's parameters a saved search stands for, as `GET /api/search` takes them. */
export function searchParamsOf(query: SavedSearchQuery): SearchParams {
  const params: SearchParams = { type: query.type, page: 1, limit: 1 };
  if (query.query) params.query = query.query;
  if (query.category) params.category = query.category;
  if (query.subcategory) params.subcategory = query.subcategory;
  if (query.condition) params.condition = query.condition;
  if (query.searchZip) params.searchZip = query.searchZip;
  if (query.radius !== undefined) params.radius = query.radius;
  return params;
}

/**
 * The saved search as the matcher indexes it, or undefined when its ZIP is unknown (searching
 * with it would answer 400, so it can match nothing).
 */
export function indexedOf(
  s: Pick<SavedSearch, 'id' | 'memberId' | 'version' | 'query'>,
): IndexedSearch | undefined {
  try {
    return {
      id: s.id,
      memberId: s.memberId,
      version: s.version,
      query: toEngineQuery(searchParamsOf(s.query), zipToPoint),
    };
  } catch {
    return undefined;
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The name a saved search gets when its owner gives none: a summary of the query. */
export function summaryOf(q: SavedSearchQuery): string {
  const parts: string[] = [];
  if (q.query) parts.push(`"${q.query}"`);
  if (q.type !== 'all') parts.push(q.type === 'item' ? 'Items' : 'Services');
  const category = [q.category, q.subcategory].filter(Boolean).join(' › ');
  if (category) parts.push(category);
  if (q.condition) parts.push(capitalised(q.condition.replace('-', ' ')));
  if (q.searchZip) {
    parts.push(
      q.radius !== undefined ? `within ${q.radius} mi of ${q.searchZip}` : `near ${q.searchZip}`,
    );
  }
  const summary = parts.join(' · ');
  return summary.length > 80 ? `${summary.slice(0, 79)}…` : summary;
}
