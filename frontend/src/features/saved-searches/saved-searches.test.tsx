import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockFetch, profileBody, renderApp, signIn } from '../../test/test-utils';
import { searchBody } from '../../test/fixtures';
import { notificationImage, notificationTarget } from '../notifications/notification-rules';

const saved = (over: Record<string, unknown> = {}) => ({
  id: 's1',
  name: '"tent" · Camping · within 25 mi of 10001',
  query: { query: 'tent', type: 'all', category: 'Camping', searchZip: '10001', radius: 25 },
  alerts: 'in_app',
  newMatches: 2,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

function backend(list: Array<ReturnType<typeof saved>> = [saved()]) {
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchMock = mockFetch(({ method, url, body }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/profile') return { body: profileBody() };
    if (url.pathname === '/api/categories') return { body: { success: true, data: [] } };
    if (url.pathname === '/api/search') return { body: searchBody([]) };
    if (url.pathname.startsWith('/api/saved-searches')) {
      if (method === 'GET') return { body: { success: true, data: { searches: list, max: 50 } } };
      writes.push({ method, path: url.pathname, body });
      if (method === 'DELETE') return { body: { success: true, data: null } };
      return {
        status: method === 'POST' && url.pathname === '/api/saved-searches' ? 201 : 200,
        body: { success: true, data: saved({ newMatches: 0 }) },
      };
    }
    if (url.pathname.startsWith('/api/')) return { body: { success: true, data: [] } };
    return undefined;
  });
  return { fetchMock, writes };
}

describe('saved searches', () => {
  it('Save this search stores the results page’s query with a name and an alert mode', async () => {
    signIn();
    const { writes } = backend();
    renderApp('/search?q=tent&category=Camping&searchZip=10001&radius=25');
    fireEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const form = screen.getByRole('form', { name: 'Save this search' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Tents' } });
    fireEvent.change(within(form).getByLabelText('Tell me about new matches'), {
      target: { value: 'email_daily' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/saved-searches',
      body: {
        name: 'Tents',
        alerts: 'email_daily',
        query: { type: 'all', query: 'tent', category: 'Camping', searchZip: '10001', radius: 25 },
      },
    });
  });

  it('is not offered to a visitor', async () => {
    backend();
    renderApp('/search?q=tent');
    await screen.findByRole('heading', { name: 'Search Results for "tent"' });
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
  });

  it('My Account lists them with new matches; open marks them seen and runs the search; rename, alerts and delete call the API', async () => {
    signIn();
    const { fetchMock, writes } = backend();
    renderApp('/my-account#saved-searches');
    const row = await screen.findByTestId('saved-search');
    expect(within(row).getByText('2 new matches')).toBeInTheDocument();
    expect(
      within(row).getByText('"tent" · Camping · within 25 mi of 10001', { selector: 'p' }),
    ).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    fireEvent.change(within(row).getByLabelText('Name'), { target: { value: 'Tents' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes).toContainEqual({
        method: 'PATCH',
        path: '/api/saved-searches/s1',
        body: { name: 'Tents' },
      }),
    );

    fireEvent.change(within(row).getByLabelText(/Alerts/), { target: { value: 'none' } });
    await waitFor(() =>
      expect(writes).toContainEqual({
        method: 'PATCH',
        path: '/api/saved-searches/s1',
        body: { alerts: 'none' },
      }),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes).toContainEqual({
        method: 'DELETE',
        path: '/api/saved-searches/s1',
        body: undefined,
      }),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Open' }));
    await waitFor(() =>
      expect(writes).toContainEqual({
        method: 'POST',
        path: '/api/saved-searches/s1/open',
        body: undefined,
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Search Results for "tent"' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/search')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchMock, '/api/search')[0]!.searchParams)).toMatchObject({
      query: 'tent',
      category: 'Camping',
      searchZip: '10001',
      radius: '25',
    });
  });

  it('an alert shows the listing’s picture and opens the listing it names', () => {
    const alert = {
      id: 'n1',
      type: 'saved_search_match',
      title: 'New match for your saved search',
      message: '"Tent" matches your saved search "Tents"',
      data: JSON.stringify({
        product_id: 'p1',
        slug: 'dome-tent',
        image_url: 'https://img.test/t.jpg',
      }),
      isRead: false,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    expect(notificationTarget(alert)).toEqual({ kind: 'listing', slug: 'dome-tent' });
    expect(notificationImage(alert)).toBe('https://img.test/t.jpg');
    expect(notificationImage({ ...alert, type: 'new_follower' })).toBeUndefined();
  });
});
