import { fireEvent, screen, waitFor } from '@testing-library/react';
import { listingCard, searchBody } from '../../../test/fixtures';
import { callsTo, mockFetch, renderApp } from '../../../test/test-utils';

const hits = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    listingCard({ product_id: `p${i}`, id: `p${i}`, slug: `s${i}`, title: `Desk lamp ${i}` }),
  );

describe('search box suggestions', () => {
  it('asks for 10 and shows 5 under "Products & Services" after more than 2 characters', async () => {
    const fetchMock = mockFetch(({ url }) => {
      if (url.pathname === '/api/search') return { body: searchBody(hits(8)) };
      return { status: 401, body: {} };
    });
    const { router } = renderApp('/about-us');
    const input = await screen.findByRole('searchbox', { name: 'Search listings' });
    fireEvent.change(input, { target: { value: ' la ' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(callsTo(fetchMock, '/api/search')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'lamp' } });
    expect(await screen.findByText('Products & Services')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(/^Desk lamp/)).toHaveLength(5));
    const call = callsTo(fetchMock, '/api/search')[0]!;
    expect(call.searchParams.get('query')).toBe('lamp');
    expect(call.searchParams.get('limit')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: 'View all results' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=lamp');
  });

  it('says "No results found" when nothing matches', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/search') return { body: searchBody([]) };
      return { status: 401, body: {} };
    });
    renderApp('/about-us');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search listings' }), {
      target: { value: 'zzzz' },
    });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});
