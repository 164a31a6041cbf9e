import { screen, waitFor } from '@testing-library/react';
import { listingCard, productResponse, searchBody } from '../test/fixtures';
import { callsTo, mockFetch, renderApp } from '../test/test-utils';
import { prefetchFirstScreen } from './first-screen';
import { makeStore } from './store';

const backend = () =>
  mockFetch(({ url }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/categories') return { body: { success: true, data: [] } };
    // Both answers as their contracts (packages/contracts) describe them.
    const lamp = { product_id: 'p1', slug: 'brass-lamp', title: 'Brass lamp' };
    const image_url = 'http://img/lamp.png';
    if (url.pathname === '/api/search') {
      return {
        body: searchBody([listingCard({ ...lamp, images: [{ image_url, is_default: true }] })]),
      };
    }
    if (url.pathname === '/api/product/published') {
      const variants = { 300: image_url, 600: image_url, 900: image_url };
      const images = [{ image_url, is_default: true, display_order: 1, variants }];
      const products = [productResponse({ ...lamp, images })];
      return {
        body: {
          success: true,
          data: { products, totalCount: 1, page: 1, limit: 8, totalPages: 1 },
        },
      };
    }
    return undefined;
  });

describe('first-screen data', () => {
  it('asks for the search results before the page renders, and the page uses that answer', async () => {
    const fetch = backend();
    const store = makeStore();
    prefetchFirstScreen(store, new URL('/search?q=lamp', 'http://localhost'));
    expect(callsTo(fetch, '/api/search')).toHaveLength(1);

    renderApp('/search?q=lamp', store);
    expect(await screen.findByText('Brass lamp')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/search')).toHaveLength(1);
  });

  it('has the browser fetch the first search result’s picture as soon as the answer names it', async () => {
    backend();
    prefetchFirstScreen(makeStore(), new URL('/search?q=lamp', 'http://localhost'));
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull(),
    );
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')!;
    expect(link.href).toBe('http://img/lamp.png');
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });

  it.each(['/', '/listings/brass-lamp', '/search'])(
    'asks for nothing on %s, whose largest paint needs no data',
    (url) => {
      const fetch = backend();
      prefetchFirstScreen(makeStore(), new URL(url, 'http://localhost'));
      expect(fetch).not.toHaveBeenCalled();
    },
  );
});
