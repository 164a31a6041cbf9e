import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp, type Handler } from '../../test/test-utils';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const adminToken = (expInSeconds = 3600) =>
  `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', typ: 'admin', exp: Math.floor(Date.now() / 1000) + expInSeconds })}.sig`;

function storeAdmin(role: string, permissions: Record<string, boolean> = {}, expInSeconds = 3600) {
  localStorage.setItem('adminToken', adminToken(expInSeconds));
  localStorage.setItem(
    'adminUser',
    JSON.stringify({ id: 'a1', email: 'ops@example.test', role, permissions }),
  );
}

const stats = {
  members: { total: 12, newLast7Days: 3, newLast30Days: 7, suspended: 1, verified: 4 },
  listings: { total: 20, byStatus: { published: 18, suspended: 2 } },
  proposals: { total: 5, byStatus: { pending: 3, completed: 2 } },
  completedExchanges: 2,
  activeSubscriptions: 6,
  openReports: 1,
  daily: Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.now() - (29 - i) * 86_400_000).toISOString().slice(0, 10),
    signUps: i % 3,
    newListings: 1,
    proposals: 0,
    completedExchanges: 0,
  })),
  generatedAt: new Date().toISOString(),
};
const page = (key: string, items: unknown[]) => ({
  success: true,
  data: { [key]: items, totalCount: items.length, page: 1, limit: 25, totalPages: 1 },
});

/** A signed-out member (the shell's own session check) and an admin API answering `extra` first. */
function server(extra: Handler = () => undefined) {
  return mockFetch((req) => {
    const own = extra(req);
    if (own) return own;
    const p = req.url.pathname;
    if (p === '/api/auth/refresh')
      return { status: 401, body: { success: false, message: 'No session' } };
    if (p === '/api/admin/dashboard/stats') return { body: { success: true, data: stats } };
    if (p === '/api/admin/products') return { body: page('products', []) };
    return undefined;
  });
}

describe('admin guard (SPEC §5)', () => {
  it('sends a visitor without an admin session to /admin/login', async () => {
    server();
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeInTheDocument();
  });

  it('needs both adminToken and adminUser', async () => {
    server();
    localStorage.setItem('adminToken', adminToken());
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('clears an expired session and says so', async () => {
    server();
    storeAdmin('executive', {}, -10);
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByText('Session expired. Please login again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminUser')).toBeNull();
  });

  it('ends the session when the server refuses the admin token', async () => {
    server((req) =>
      req.url.pathname === '/api/admin/dashboard/stats'
        ? { status: 401, body: { success: false, message: 'Invalid or expired token' } }
        : undefined,
    );
    storeAdmin('executive');
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByText('Session expired. Please login again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('shows Access Denied with Go Back to staff without the permission', async () => {
    server();
    storeAdmin('staff', { products: true });
    const { router } = renderApp('/admin/products');
    await screen.findByRole('heading', { name: 'Products' });
    await router.navigate('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getAllByText("You don't have permission to access this page.").length,
    ).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
  });

  it('shows staff only the areas their map grants, and lands them on the first one', async () => {
    server();
    storeAdmin('staff', { products: true });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    const nav = await screen.findByRole('navigation', { name: 'Admin areas' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Products']);
  });

  it('gives admin and executive every area, and the executive the Admins page too', async () => {
    for (const role of ['admin', 'executive']) {
      server();
      storeAdmin(role);
      const { unmount } = renderApp('/admin/dashboard');
      const nav = await screen.findByRole('navigation', { name: 'Admin areas' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual([
        'Dashboard',
        'Users',
        'Products',
        'Subscriptions',
        'Reports',
        'Disputes',
        'Audit log',
        'Platform',
        'Organisers',
        ...(role === 'executive' ? ['Admins'] : []),
      ]);
      unmount();
      localStorage.clear();
    }
  });
});

describe('admin sign-out', () => {
  it('ends the session on the server and forgets it here', async () => {
    const fetchMock = server((req) =>
      req.url.pathname === '/api/admin/logout' ? { body: { success: true, data: {} } } : undefined,
    );
    storeAdmin('executive');
    const token = localStorage.getItem('adminToken');
    const { router } = renderApp('/admin/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/admin/logout'))!;
    expect((call[1]!.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminUser')).toBeNull();
  });
});

describe('admin sign-in page', () => {
  it('stores adminToken and adminUser and opens the console', async () => {
    const token = adminToken();
    const fetchMock = server((req) =>
      req.url.pathname === '/api/admin/login'
        ? {
            body: {
              success: true,
              data: {
                adminToken: token,
                adminUser: {
                  id: 'a1',
                  email: 'ops@example.test',
                  role: 'executive',
                  permissions: {},
                },
              },
            },
          }
        : undefined,
    );
    const { router } = renderApp('/admin/login');
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ops@example.test' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('adminToken')).toBe(token);
    expect(JSON.parse(localStorage.getItem('adminUser')!)).toMatchObject({ role: 'executive' });
    const login = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/admin/login'))!;
    expect(JSON.parse(String(login[1]!.body))).toEqual({
      email: 'ops@example.test',
      password: 'a-long-password',
    });
    // The console's calls carry the admin token.
    await waitFor(() => {
      const statsCall = fetchMock.mock.calls.find(([u]) =>
        String(u).includes('/api/admin/dashboard/stats'),
      );
      expect((statsCall?.[1]?.headers as Record<string, string>)?.Authorization).toBe(
        `Bearer ${token}`,
      );
    });
  });

  it('shows the server’s message for a wrong password', async () => {
    server((req) =>
      req.url.pathname === '/api/admin/login'
        ? { status: 401, body: { success: false, message: 'Invalid email or password' } }
        : undefined,
    );
    renderApp('/admin/login');
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ops@example.test' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
