import { searchApi } from '../features/search/search-api';
import { buildSearchRequest, readSearchParams } from '../features/search/search-state';
import { cardPicture } from '../components/product-card/product-card';
import type { AppStore } from './store';

type Prefetch = (store: AppStore, url: URL) => void;

/**
 * The data a page's largest paint waits for, by path: the same requests its hooks make. Only the
 * search page has one (its first result's picture); the home page's largest paint is its
 * headline, and data requested before that paint would only compete with the page's own files.
 */
const FIRST_SCREEN: Record<string, Prefetch> = {
  '/search': (store, url) => {
    const { tab, page } = store.getState().search;
    const request = buildSearchRequest({ ...readSearchParams(url.searchParams), tab, page });
    if (request) {
      // The first result's picture is the page's largest paint: asked for as soon as the answer
      // names it, not after the cards have been rendered.
      void store
        .dispatch(searchApi.endpoints.search.initiate(request, { subscribe: false }))
        .then(({ data }) => {
          if (data?.listings[0]) preloadPicture(cardPicture(data.listings[0]));
        });
    }
  },
};

/** Has the browser fetch a picture at high priority, as the <img> that will show it would. */
function preloadPicture({ src, srcSet, sizes }: ReturnType<typeof cardPicture>): void {
  if (!src) return;
  const link = document.createElement('link');
  const attributes = {
    rel: 'preload',
    as: 'image',
    href: src,
    fetchpriority: 'high',
    ...(srcSet ? { imagesrcset: srcSet, imagesizes: sizes } : {}),
  };
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}

/**
 * Starts the requests of the page being opened before its code has rendered it, so the answers
 * are on their way while the first render runs (the page's hooks then share them).
 */
export function prefetchFirstScreen(store: AppStore, url: URL): void {
  FIRST_SCREEN[url.pathname.replace(/(.)\/+$/, '$1')]?.(store, url);
}
