/**
 * Search rules (SPEC §4, §5, §9) as pure functions, so the page, the filter panel and the tests
 * share one definition.
 */
export const SEARCH_PAGE_SIZE = 25;
export const SUGGEST_MIN_LENGTH = 3; // "more than 2 characters"
export const SUGGEST_LIMIT = 10;
export const SUGGEST_SHOWN = 5;
export const RADIUS_OPTIONS = ['3', '5', '10', '25', '50', '100'] as const;
export const CONDITIONS = ['new', 'like-new', 'good', 'fair', 'poor'] as const;

export type SearchTab = 'all' | 'item' | 'service';

export interface SearchFilters {
  category: string;
  subcategory: string;
  condition: string;
  searchZip: string;
  radius: string;
}

export const EMPTY_FILTERS: SearchFilters = {
  category: '',
  subcategory: '',
  condition: '',
  searchZip: '',
  radius: '',
};

const FILTER_KEYS = Object.keys(EMPTY_FILTERS) as (keyof SearchFilters)[];

/** Query and filters as the URL carries them (q, category, subcategory, condition, searchZip, radius). */
export function readSearchParams(params: URLSearchParams): {
  query: string;
  filters: SearchFilters;
} {
  const filters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = (params.get(key) ?? '').trim();
  if (!filters.searchZip) filters.radius = '';
  return { query: (params.get('q') ?? '').trim(), filters };
}

/** The URL query for a search: only non-empty values, radius only with a ZIP. */
export function writeSearchParams(query: string, filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (!value) continue;
    if (key === 'radius' && !filters.searchZip.trim()) continue;
    params.set(key, value);
  }
  return params;
}

/** One filter changed: a new category clears the subcategory; clearing the ZIP clears the radius. */
export function changeFilter(
  filters: SearchFilters,
  key: keyof SearchFilters,
  value: string,
): SearchFilters {
  const next = { ...filters, [key]: value };
  if (key === 'category' && value !== filters.category) next.subcategory = '';
  if (key === 'searchZip' && !value.trim()) next.radius = '';
  return next;
}

/** "Use my ZIP": checked sets the search ZIP to the default address ZIP, unchecked clears it. */
export function applyMyZip(filters: SearchFilters, checked: boolean, myZip: string): SearchFilters {
  return checked
    ? changeFilter(filters, 'searchZip', myZip)
    : changeFilter(filters, 'searchZip', '');
}

/** The checkbox is auto-checked when the search ZIP equals the member's ZIP. */
export const isMyZip = (filters: SearchFilters, myZip: string | undefined) =>
  Boolean(myZip) && filters.searchZip.trim() === myZip;

export const hasFilters = (filters: SearchFilters) =>
  FILTER_KEYS.some((k) => filters[k].trim() !== '');

/** A search needs a non-empty query or at least one filter. */
export const hasCriteria = (query: string, filters: SearchFilters) =>
  query.trim() !== '' || hasFilters(filters);

export interface SearchRequest {
  query?: string;
  type: SearchTab;
  category?: string;
  subcategory?: string;
  condition?: string;
  searchZip?: string;
  radius?: string;
  page: number;
  limit: number;
}

/** The request for the current state, or null when nothing should be fetched. */
export function buildSearchRequest(state: {
  query: string;
  filters: SearchFilters;
  tab: SearchTab;
  page: number;
  limit?: number;
}): SearchRequest | null {
  const { query, filters, tab, page } = state;
  if (!hasCriteria(query, filters)) return null;
  const req: SearchRequest = { type: tab, page, limit: state.limit ?? SEARCH_PAGE_SIZE };
  const put = (key: 'query' | keyof SearchFilters, value: string) => {
    const v = value.trim();
    if (v) req[key] = v;
  };
  put('query', query);
  put('category', filters.category);
  put('subcategory', filters.subcategory);
  // Condition means nothing for services.
  if (tab !== 'service') put('condition', filters.condition);
  put('searchZip', filters.searchZip);
  if (req.searchZip) put('radius', filters.radius);
  return req;
}

/** Live suggestions start after more than 2 characters (trimmed). */
export const shouldSuggest = (input: string) => input.trim().length >= SUGGEST_MIN_LENGTH;

export const SearchTexts = {
  resultsFor: (q: string) => `Search Results for "${q}"`,
  browse: 'Browse Results',
  showFilters: 'Show Filters',
  hideFilters: 'Hide Filters',
  searching: 'Searching...',
  noResults: 'No results found',
  hints: [
    'Try adjusting your search terms or filters',
    'Check your spelling',
    'Try more general keywords',
    'Remove some filters',
    'Browse all categories',
  ],
  suggestionsHeading: 'Products & Services',
  viewAll: 'View all results',
  countAll: (n: number, items: number, services: number, page: number, pages: number) =>
    `Found ${n} results (${items} items, ${services} services) - Page ${page} of ${pages}`,
  countItems: (n: number) => `Found ${n} items`,
  countServices: (n: number) => `Found ${n} services`,
  within: (radius: string, zip: string) => `Within ${radius} mi of ${zip}`,
  section: (tab: SearchTab, shown: number, total: number) =>
    `${tab === 'all' ? 'All Results' : tab === 'item' ? 'Items' : 'Services'} (${shown} of ${total})`,
} as const;
