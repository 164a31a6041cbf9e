import type { SavedSearchResponse } from '@swapbooth/contracts';
import type { SavedSearchView } from '../../domain/saved-searches';

/** A saved search as its owner sees it. */
export function toSavedSearchResponse({
  search,
  newMatches,
}: SavedSearchView): SavedSearchResponse {
  return {
    id: search.id,
    name: search.name,
    query: search.query,
    alerts: search.alerts,
    newMatches,
    created_at: search.createdAt.toISOString(),
    updated_at: search.updatedAt.toISOString(),
    ...(search.lastOpenedAt ? { last_opened_at: search.lastOpenedAt.toISOString() } : {}),
  };
}
