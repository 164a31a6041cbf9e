import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockFetch, renderApp } from '../../test/test-utils';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', typ: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

function storeAdmin(role: string, permissions: Record<string, boolean> = {}) {
  localStorage.setItem('adminToken', token);
  localStorage.setItem(
    'adminUser',
    JSON.stringify({ id: 'a1', email: 'ops@example.test', role, permissions }),
  );
}

const request = (user_id: string, name: string, status = 'requested') => ({
  user_id,
  status,
  requested_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  name,
  username: name.split(' ')[0]!.toLowerCase(),
  booth_name: `${name}'s games`,
});

/** The admin API with organiser requests; PUT records the decision. */
function server() {
  const decided = new Map<string, string>();
  const fetchMock = mockFetch((req) => {
    const p = req.url.pathname;
    if (p === '/api/auth/refresh') return { status: 401, body: { success: false } };
    if (p === '/api/admin/organisers' && req.method === 'GET') {
      const all = [request('u1', 'Ada Lovelace'), request('u2', 'Grace Hopper')].map((o) => ({
        ...o,
        status: decided.get(o.user_id) ?? o.status,
      }));
      const status = req.url.searchParams.get('status');
      return {
        body: {
          success: true,
          data: { organisers: all.filter((o) => !status || o.status === status) },
        },
      };
    }
    const m = /^\/api\/admin\/organisers\/([^/]+)$/.exec(p);
    if (m && req.method === 'PUT') {
      decided.set(m[1]!, (req.body as { status: string }).status);
      return { body: { success: true, data: { ...request(m[1]!, 'x'), ...(req.body as object) } } };
    }
    return undefined;
  });
  return fetchMock;
}

describe('admin organisers', () => {
  it('lists the requests and approves or refuses one', async () => {
    const fetchMock = server();
    storeAdmin('executive');
    renderApp('/admin/organisers');
    expect(await screen.findByRole('heading', { name: 'Math-trade organisers' })).toBeVisible();
    const ada = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    expect(ada).toHaveTextContent("Ada Lovelace's games");
    expect(callsTo(fetchMock, '/api/admin/organisers')[0]!.searchParams.get('status')).toBe(
      'requested',
    );

    fireEvent.click(within(ada).getByRole('button', { name: 'Approve Ada Lovelace' }));
    expect(
      await screen.findByText('Ada Lovelace may now organise math trades.', {
        selector: 'p[role="status"]',
      }),
    ).toBeInTheDocument();
    const grace = screen.getByText('Grace Hopper').closest('tr')!;
    fireEvent.click(within(grace).getByRole('button', { name: 'Refuse Grace Hopper' }));
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Ada Lovelace')).toBeNull());
    expect(screen.getByText('No organiser requests match.')).toBeInTheDocument();

    const puts = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([u, init]) => [
        new URL(String(u), 'http://x').pathname,
        JSON.parse(String(init!.body)),
      ]);
    expect(puts).toEqual([
      ['/api/admin/organisers/u1', { status: 'approved' }],
      ['/api/admin/organisers/u2', { status: 'refused' }],
    ]);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'approved' } });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('is in the nav of staff with the users permission, and denied to others', async () => {
    server();
    storeAdmin('staff', { users: true });
    const { unmount } = renderApp('/admin/organisers');
    const nav = await screen.findByRole('navigation', { name: 'Admin areas' });
    expect(within(nav).getByRole('link', { name: 'Organisers' })).toHaveAttribute(
      'href',
      '/admin/organisers',
    );
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    unmount();

    localStorage.clear();
    server();
    storeAdmin('staff', { products: true });
    renderApp('/admin/organisers');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin areas' })).queryByRole('link', {
        name: 'Organisers',
      }),
    ).toBeNull();
  });
});
