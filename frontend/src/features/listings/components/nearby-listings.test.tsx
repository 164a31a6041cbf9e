import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listingCard, searchBody } from '../../../test/fixtures';
import { callsTo, mockFetch, profileBody, renderApp, signIn } from '../../../test/test-utils';

configure({ asyncUtilTimeout: 10_000 });

/** Search answers one listing per ZIP it is asked about; the member (if any) lives in 94110. */
function backend() {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/profile') return { body: profileBody({ zip: '94110' }) };
    if (url.pathname === '/api/search') {
      const zip = url.searchParams.get('searchZip') ?? '';
      return {
        body: searchBody([
          listingCard({
            id: `near-${zip}`,
            title: `Near ${zip}`,
            slug: `near-${zip}`,
            distance: 2,
          }),
        ]),
      };
    }
    if (url.pathname === '/api/product/published') {
      return {
        body: {
          success: true,
          data: { products: [], totalCount: 0, page: 1, limit: 8, totalPages: 0 },
        },
      };
    }
    return undefined;
  });
}

const section = async () =>
  (await screen.findByRole('heading', { name: 'Nearby listings' })).closest('section')!;

describe('nearby listings on the home page', () => {
  it('shows the listings within 25 mi of the member’s default ZIP (type=all, limit 25)', async () => {
    const fetch = backend();
    signIn();
    renderApp('/');
    const nearby = await section();
    expect(await within(nearby).findByRole('link', { name: 'Near 94110' })).toBeInTheDocument();
    expect(within(nearby).getByText('Within 25 mi of 94110')).toBeInTheDocument();
    const call = callsTo(fetch, '/api/search')[0]!;
    expect(Object.fromEntries(call.searchParams)).toEqual({
      type: 'all',
      searchZip: '94110',
      radius: '25',
      limit: '25',
    });
    expect(within(nearby).getByRole('link', { name: 'See all' })).toHaveAttribute(
      'href',
      '/search?searchZip=94110&radius=25',
    );
  });

  it('asks a visitor for a ZIP, checks it, and remembers the one chosen', async () => {
    const fetch = backend();
    const first = renderApp('/');
    const nearby = await section();
    expect(
      within(nearby).getByText('Enter your ZIP code to see listings within 25 miles of you.'),
    ).toBeInTheDocument();
    expect(callsTo(fetch, '/api/search')).toHaveLength(0);

    const zip = within(nearby).getByLabelText('ZIP code');
    fireEvent.change(zip, { target: { value: '941' } });
    fireEvent.click(within(nearby).getByRole('button', { name: 'Show nearby' }));
    expect(within(nearby).getByRole('alert')).toHaveTextContent('Enter a 5-digit ZIP code.');

    fireEvent.change(zip, { target: { value: '10001' } });
    fireEvent.click(within(nearby).getByRole('button', { name: 'Show nearby' }));
    expect(await within(nearby).findByRole('link', { name: 'Near 10001' })).toBeInTheDocument();
    first.unmount();

    renderApp('/');
    expect(await within(await section()).findByRole('link', { name: 'Near 10001' })).toBeVisible();
  });

  it('prefers the ZIP a member chose over their default address', async () => {
    localStorage.setItem('nearbyZip', '60601');
    const fetch = backend();
    signIn();
    renderApp('/');
    expect(await within(await section()).findByRole('link', { name: 'Near 60601' })).toBeVisible();
    await waitFor(() =>
      expect(callsTo(fetch, '/api/search').map((u) => u.searchParams.get('searchZip'))).toEqual([
        '60601',
      ]),
    );
  });
});
