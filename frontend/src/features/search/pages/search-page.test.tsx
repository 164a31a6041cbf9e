import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  callsTo,
  mockFetch,
  profileBody,
  renderApp,
  signIn,
  type Handler,
} from '../../../test/test-utils';
import { listingCard, searchBody } from '../../../test/fixtures';

const categories = {
  success: true,
  data: [
    { cat_id: 'c1', category: 'Electronics', type: 'item', subcategories: ['Phones', 'Laptops'] },
    { cat_id: 'c2', category: 'Books', type: 'item', subcategories: [] },
    { cat_id: 'c3', category: 'Tutoring', type: 'service', subcategories: ['Math'] },
  ],
};

const product = (i: number, type: 'item' | 'service' = 'item') =>
  listingCard({
    product_id: `p${i}`,
    id: `p${i}`,
    slug: `listing-${i}`,
    title: `Listing number ${i}`,
    type,
  });

function searchBackend(extra?: Handler, total = 60) {
  return mockFetch((req) => {
    const hit = extra?.(req);
    if (hit) return hit;
    const { url } = req;
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/categories') return { body: categories };
    if (url.pathname === '/api/search') {
      const page = Number(url.searchParams.get('page'));
      return {
        body: searchBody(
          Array.from({ length: 3 }, (_, i) => product(page * 10 + i)),
          {
            totalCount: total,
            counts: { items: 50, services: 10 },
            page,
            totalPages: Math.ceil(total / 25),
          },
        ),
      };
    }
    return undefined;
  });
}

describe('search results page', () => {
  it('fetches nothing without a query or filter and shows the empty state with hints', async () => {
    const fetchMock = searchBackend();
    renderApp('/search');
    expect(await screen.findByRole('heading', { name: 'Browse Results' })).toBeInTheDocument();
    expect(screen.getByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Check your spelling')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetchMock, '/api/search')).toHaveLength(0);
    expect(document.title).toBe('Search Results | Swapbooth');
  });

  it('searches the URL query and shows the count line and section title', async () => {
    const fetchMock = searchBackend();
    renderApp('/search?q=lamp');
    expect(
      await screen.findByRole('heading', { name: 'Search Results for "lamp"' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Found 60 results (50 items, 10 services) - Page 1 of 3'),
    ).toBeInTheDocument();
    expect(screen.getByText('All Results (3 of 60)')).toBeInTheDocument();
    const call = callsTo(fetchMock, '/api/search')[0]!;
    expect(Object.fromEntries(call.searchParams)).toEqual({
      query: 'lamp',
      type: 'all',
      page: '1',
      limit: '25',
    });
  });

  it('resets to page 1 when the tab changes, and hides Condition on Services', async () => {
    const fetchMock = searchBackend();
    renderApp('/search?q=lamp');
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/search').at(-1)!.searchParams.get('page')).toBe('2'),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Services' }));
    await waitFor(() => {
      const last = callsTo(fetchMock, '/api/search').at(-1)!;
      expect(last.searchParams.get('type')).toBe('service');
      expect(last.searchParams.get('page')).toBe('1');
    });
    expect(await screen.findByText('Found 60 services')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show Filters' }));
    expect(screen.queryByLabelText('Condition')).toBeNull();
    const category = screen.getByLabelText('Category');
    expect(within(category).queryByRole('group', { name: 'Items' })).toBeNull();
    expect(within(category).getByRole('group', { name: 'Services' })).toBeInTheDocument();
  });

  it('mirrors applied filters in the URL; a new category clears the subcategory', async () => {
    const fetchMock = searchBackend();
    const { router } = renderApp('/search?q=lamp&category=Electronics&subcategory=Phones');
    fireEvent.click(await screen.findByRole('button', { name: 'Show Filters' }));
    await screen.findByRole('option', { name: 'Electronics' });
    expect(screen.getByLabelText('Subcategory')).toHaveValue('Phones');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Books' } });
    expect(screen.queryByLabelText('Subcategory')).toBeNull(); // Books has none
    fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=lamp&category=Books&condition=good'),
    );
    await waitFor(() => {
      const last = callsTo(fetchMock, '/api/search').at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toEqual({
        query: 'lamp',
        type: 'all',
        category: 'Books',
        condition: 'good',
        page: '1',
        limit: '25',
      });
    });
  });

  it('Reset Filters clears the filters and keeps the query', async () => {
    searchBackend();
    const { router } = renderApp('/search?q=lamp&condition=good&searchZip=94110&radius=10');
    expect(await screen.findByText('Within 10 mi of 94110')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show Filters' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=lamp'));
  });

  it('shows the radius only once a ZIP is set, with the spec choices', async () => {
    searchBackend();
    renderApp('/search?q=lamp');
    fireEvent.click(await screen.findByRole('button', { name: 'Show Filters' }));
    expect(screen.queryByLabelText('Radius')).toBeNull();
    expect(screen.queryByLabelText('Use my ZIP')).toBeNull(); // visitor: no default address
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '10001' } });
    const radius = screen.getByLabelText('Radius');
    expect(
      within(radius)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any distance',
      '3 miles',
      '5 miles',
      '10 miles',
      '25 miles',
      '50 miles',
      '100 miles',
    ]);
  });

  it('auto-checks Use my ZIP when the URL ZIP is the member’s default ZIP', async () => {
    signIn();
    searchBackend(({ url }) => {
      if (url.pathname === '/api/profile') return { body: profileBody({ zip: '94110' }) };
      if (url.pathname.startsWith('/api/product/')) return { body: { success: true, data: [] } };
      return undefined;
    });
    renderApp('/search?searchZip=94110');
    fireEvent.click(await screen.findByRole('button', { name: 'Show Filters' }));
    const box = await screen.findByRole('checkbox', { name: 'Use my ZIP' });
    await waitFor(() => expect(box).toBeChecked());
    fireEvent.click(box);
    expect(screen.getByLabelText('ZIP code')).toHaveValue('');
    fireEvent.click(box);
    expect(screen.getByLabelText('ZIP code')).toHaveValue('94110');
  });

  it('shows the empty state when the search call fails', async () => {
    searchBackend(({ url }) =>
      url.pathname === '/api/search' ? { status: 500, body: { success: false } } : undefined,
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/search?q=lamp');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('shows no pager with a single page', async () => {
    searchBackend(undefined, 3);
    renderApp('/search?q=lamp');
    await screen.findByText('Found 3 results (50 items, 10 services) - Page 1 of 1');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
