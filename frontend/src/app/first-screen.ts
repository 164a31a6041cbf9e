import { HOME_LISTINGS, listingsApi } from '../features/listings/listings-api';
import { searchApi } from '../features/search/search-api';
import { buildSearchRequest, readSearchParams } from '../features/search/search-state';
import { memberApi } from './member-api';
import type { AppStore } from './store';

type Prefetch = (store: AppStore, url: URL) => void;

/** The data each page's first screen shows, by path: the same requests its hooks make. */
const FIRST_SCREEN: Record<string, Prefetch> = {
  '/': (store) => {
    store.dispatch(listingsApi.util.prefetch('getPublished', HOME_LISTINGS, {}));
    store.dispatch(memberApi.util.prefetch('getCategories', undefined, {}));
  },
  '/search': (store, url) => {
    const { tab, page } = store.getState().search;
    const request = buildSearchRequest({ ...readSearchParams(url.searchParams), tab, page });
    if (request) store.dispatch(searchApi.util.prefetch('search', request, {}));
    store.dispatch(memberApi.util.prefetch('getCategories', undefined, {}));
  },
};

/**
 * Starts the requests of the page being opened before its code has rendered it, so the answers
 * are on their way while the first render runs (the page's hooks then share them).
 */
export function prefetchFirstScreen(store: AppStore, url: URL): void {
  FIRST_SCREEN[url.pathname.replace(/(.)\/+$/, '$1')]?.(store, url);
}
