import type { CreateSavedSearchBody } from '@swapbooth/contracts';
import { writeSearchParams, type SearchTab } from '../search/search-state';
import type { SavedSearch } from './saved-searches-api';

/** What the results page searches with, as a saved search stores it. */
export interface PageSearch {
  query?: string;
  type: SearchTab;
  category?: string;
  subcategory?: string;
  condition?: string;
  searchZip?: string;
  radius?: string;
}

/** The saved query for the results page's current search (only what is set). */
export function savedQueryOf(s: PageSearch): CreateSavedSearchBody['query'] {
  return {
    type: s.type,
    ...(s.query ? { query: s.query } : {}),
    ...(s.category ? { category: s.category } : {}),
    ...(s.subcategory ? { subcategory: s.subcategory } : {}),
    ...(s.condition ? { condition: s.condition as never } : {}),
    ...(s.searchZip ? { searchZip: s.searchZip } : {}),
    ...(s.searchZip && s.radius ? { radius: Number(s.radius) as never } : {}),
  };
}

/** The results page's address for a saved search (the tab is set apart: it is not in the URL). */
export function searchUrlOf(s: SavedSearch): string {
  const q = s.query;
  const params = writeSearchParams(q.query ?? '', {
    category: q.category ?? '',
    subcategory: q.subcategory ?? '',
    condition: q.condition ?? '',
    searchZip: q.searchZip ?? '',
    radius: q.radius !== undefined ? String(q.radius) : '',
  });
  return `/search?${params.toString()}`;
}

/** A line describing a saved search's query: "tent · Camping · within 25 mi of 10001". */
export function describe(s: SavedSearch): string {
  const q = s.query;
  return [
    q.query ? `"${q.query}"` : '',
    q.type === 'item' ? 'Items' : q.type === 'service' ? 'Services' : '',
    [q.category, q.subcategory].filter(Boolean).join(' › '),
    q.condition ?? '',
    q.searchZip
      ? q.radius
        ? `within ${q.radius} mi of ${q.searchZip}`
        : `near ${q.searchZip}`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
