import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp } from '../../test/test-utils';

configure({ asyncUtilTimeout: 10_000 });

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

function storeAdmin() {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  localStorage.setItem('adminToken', `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', exp })}.sig`);
  localStorage.setItem(
    'adminUser',
    JSON.stringify({ id: 'a1', email: 'ops@example.test', role: 'executive', permissions: {} }),
  );
}

/** No member session; the admin API answers what the dashboard and sign-out ask. */
const server = () =>
  mockFetch(({ url }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
    if (url.pathname === '/api/admin/logout') return { body: { success: true, data: {} } };
    return undefined;
  });

describe('the admin area’s top bar', () => {
  it('names the signed-in admin and offers Log out, not the member bar’s Sign In', async () => {
    server();
    storeAdmin();
    const { router } = renderApp('/admin/dashboard');
    const bar = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(bar).getByText('ops@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Log out' })).toHaveLength(1);

    fireEvent.click(within(bar).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });

  it('shows no member Sign In above the admin sign-in page', async () => {
    server();
    renderApp('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Admin Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Swapbooth admin' })).toHaveAttribute('href', '/admin');
  });

  it('keeps the member bar on member pages', async () => {
    server();
    renderApp('/about-us');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });
});
