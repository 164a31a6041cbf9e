import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp } from '../../test/test-utils';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', typ: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

function storeAdmin(role: string, permissions: Record<string, boolean> = {}) {
  localStorage.setItem('adminToken', token);
  localStorage.setItem(
    'adminUser',
    JSON.stringify({ id: 'a1', email: 'exec@example.test', role, permissions }),
  );
}

const account = (admin_id: string, email: string, over: object = {}) => ({
  admin_id,
  email,
  role: 'staff',
  permissions: {},
  status: 'active',
  created_at: '2026-11-01T10:00:00.000Z',
  last_sign_in_at: null,
  ...over,
});

/** The admin API's accounts; PATCH and POST record what was sent and answer as the server would. */
function server() {
  const admins = [
    account('a1', 'exec@example.test', { role: 'executive' }),
    account('a2', 'listings@example.test', { permissions: { products: true } }),
  ];
  const sent: Array<[string, string, unknown]> = [];
  const fetchMock = mockFetch((req) => {
    const p = req.url.pathname;
    if (p === '/api/auth/refresh') return { status: 401, body: { success: false } };
    if (p === '/api/admin/admins' && req.method === 'GET')
      return { body: { success: true, data: { admins } } };
    const m = /^\/api\/admin\/admins\/([^/]+)(\/status|\/password-reset)?$/.exec(p);
    if (!m) return undefined;
    sent.push([req.method, p, req.body]);
    const target = admins.find((a) => a.admin_id === m[1])!;
    if (m[2] === '/password-reset')
      return {
        body: {
          success: true,
          data: { admin_id: m[1], expires_at: '2026-11-27T12:00:00.000Z', audit_id: 'x' },
        },
      };
    Object.assign(target, req.body as object);
    return { body: { success: true, data: target } };
  });
  return { fetchMock, sent };
}

describe('admins page', () => {
  it('is in an executive’s nav; lists the admins with their areas', async () => {
    server();
    storeAdmin('executive');
    renderApp('/admin/admins');
    const nav = await screen.findByRole('navigation', { name: 'Admin areas' });
    expect(within(nav).getByRole('link', { name: 'Admins' })).toHaveAttribute(
      'href',
      '/admin/admins',
    );
    expect(await screen.findByRole('heading', { name: 'Admins' })).toBeVisible();
    const row = (await screen.findByText('listings@example.test')).closest('tr')!;
    expect(row).toHaveTextContent('Products');
    expect(row).toHaveTextContent('Never');
    const table = screen.getByRole('table');
    expect(within(table).getByText('exec@example.test').closest('tr')!).toHaveTextContent(
      'Every area',
    );
  });

  it('changes an admin’s areas, disables it and sends a reset link', async () => {
    const { sent } = server();
    storeAdmin('executive');
    renderApp('/admin/admins');
    const row = (await screen.findByText('listings@example.test')).closest('tr')!;

    fireEvent.click(
      within(row).getByRole('button', { name: 'Change access of listings@example.test' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Reports'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('listings@example.test')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Disable listings@example.test' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }),
    );
    expect(
      await screen.findByText('listings@example.test is disabled', {
        selector: 'p[role="status"]',
      }),
    ).toBeInTheDocument();

    fireEvent.click(
      screen.getByRole('button', { name: 'Send a password-reset link to exec@example.test' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send link' }),
    );
    expect(
      await screen.findByText('A reset link was sent to exec@example.test', {
        selector: 'p[role="status"]',
      }),
    ).toBeInTheDocument();

    expect(sent).toEqual([
      [
        'PATCH',
        '/api/admin/admins/a2',
        {
          role: 'staff',
          permissions: {
            dashboard: false,
            users: false,
            products: true,
            subscriptions: false,
            reports: true,
            audit: false,
            platform: false,
          },
        },
      ],
      ['PATCH', '/api/admin/admins/a2/status', { status: 'disabled' }],
      ['POST', '/api/admin/admins/a1/password-reset', undefined],
    ]);
  });

  it('is neither shown nor opened for an admin who is not an executive', async () => {
    server();
    storeAdmin('admin');
    renderApp('/admin/admins');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin areas' })).queryByRole('link', {
        name: 'Admins',
      }),
    ).toBeNull();
  });
});

describe('admin password reset page', () => {
  it('sets the new password with the link’s token', async () => {
    const fetchMock = mockFetch((req) => {
      if (req.url.pathname === '/api/auth/refresh')
        return { status: 401, body: { success: false } };
      if (req.url.pathname === '/api/admin/password-reset')
        return { body: { success: true, data: { reset: true } } };
      return undefined;
    });
    renderApp('/admin/reset-password?token=abc123');
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'a-long-new-password' },
    });
    fireEvent.change(screen.getByLabelText('New password again'), {
      target: { value: 'a-long-new-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('Your admin password is changed. Sign in with the new one.'),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) =>
      String(u).endsWith('/api/admin/password-reset'),
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      token: 'abc123',
      password: 'a-long-new-password',
    });
  });
});
