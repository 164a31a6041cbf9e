import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockFetch, renderApp, type Handler } from '../../test/test-utils';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', typ: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

beforeEach(() => {
  localStorage.setItem('adminToken', token);
  localStorage.setItem(
    'adminUser',
    JSON.stringify({ id: 'a1', email: 'exec@example.test', role: 'executive', permissions: {} }),
  );
});

const page = (key: string, items: unknown[], totalCount = items.length, totalPages = 1) => ({
  success: true,
  data: { [key]: items, totalCount, page: 1, limit: 25, totalPages },
});

function server(routes: Handler) {
  return mockFetch((req) => {
    if (req.url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
    return routes(req);
  });
}

const member = {
  user_id: 'u1',
  email: 'ada@example.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  status: 'active',
  is_verified: true,
  registered_at: '2026-11-01T10:00:00.000Z',
};

describe('dashboard', () => {
  it('shows the live counts and a 30-day chart for each series', async () => {
    server((req) =>
      req.url.pathname === '/api/admin/dashboard/stats'
        ? {
            body: {
              success: true,
              data: {
                members: {
                  total: 42,
                  newLast7Days: 5,
                  newLast30Days: 11,
                  suspended: 2,
                  verified: 9,
                },
                listings: { total: 30, byStatus: { published: 27, suspended: 3 } },
                proposals: { total: 8, byStatus: { pending: 6, completed: 2 } },
                completedExchanges: 2,
                activeSubscriptions: 7,
                openReports: 4,
                daily: Array.from({ length: 30 }, (_, i) => ({
                  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
                  signUps: i === 29 ? 3 : 0,
                  newListings: 1,
                  proposals: 0,
                  completedExchanges: 0,
                })),
                generatedAt: '2026-11-30T10:00:00.000Z',
              },
            },
          }
        : undefined,
    );
    renderApp('/admin/dashboard');
    const members = await screen.findByText('Members');
    expect(members.previousSibling).toHaveTextContent('42');
    expect(screen.getByText('Open reports').previousSibling).toHaveTextContent('4');
    expect(screen.getByText('Active subscriptions').previousSibling).toHaveTextContent('7');
    expect(screen.getByRole('img', { name: 'Sign-ups: 3 over 30 days' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'New listings: 30 over 30 days' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Sign-ups: 3 over 30 days' }).querySelectorAll('rect'),
    ).toHaveLength(30);
    expect(screen.getByText('Listings by status')).toBeInTheDocument();
  });
});

describe('users', () => {
  it('searches, and suspends a member only after a confirmation with a reason', async () => {
    let status = 'active';
    const fetchMock = server((req) => {
      if (req.url.pathname === '/api/admin/users' && req.method === 'GET')
        return { body: page('users', [{ ...member, status }]) };
      if (req.url.pathname === '/api/admin/users/u1/status' && req.method === 'PATCH') {
        status = (req.body as { status: string }).status;
        return { body: { success: true, data: { user_id: 'u1', status } } };
      }
      return undefined;
    });
    renderApp('/admin/users');
    const row = (await screen.findByText('ada@example.test')).closest('tr')!;
    fireEvent.change(screen.getByPlaceholderText('Name or e-mail'), { target: { value: 'ada' } });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/admin/users').some((u) => u.searchParams.get('search') === 'ada'),
      ).toBe(true),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend member' });
    const confirm = within(dialog).getByRole('button', { name: 'Suspend' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Counterfeit goods' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = fetchMock.mock.calls.find(
      ([u, init]) => String(u).endsWith('/api/admin/users/u1/status') && init?.method === 'PATCH',
    )!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({
      status: 'suspended',
      reason: 'Counterfeit goods',
    });
    expect(await screen.findByText('Member suspended')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it('shows the server’s refusal inside the dialog and keeps it open', async () => {
    server((req) => {
      if (req.url.pathname === '/api/admin/users') return { body: page('users', [member]) };
      if (req.url.pathname === '/api/admin/users/u1/status')
        return {
          status: 503,
          body: { success: false, message: 'The auth service did not answer; nothing was changed' },
        };
      return undefined;
    });
    renderApp('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The auth service did not answer',
    );
  });
});

describe('products', () => {
  it('hides a listing after confirming, and filters by status', async () => {
    const fetchMock = server((req) => {
      if (req.url.pathname === '/api/admin/products' && req.method === 'GET')
        return {
          body: page('products', [
            {
              product_id: 'p1',
              title: 'Brass lamp',
              category: 'Home',
              type: 'item',
              status: 'published',
              seller_id: 'u1',
              created_at: '2026-11-01T10:00:00.000Z',
            },
          ]),
        };
      if (req.url.pathname === '/api/admin/products/p1/status')
        return { body: { success: true, data: { product_id: 'p1', status: 'suspended' } } };
      return undefined;
    });
    renderApp('/admin/products');
    const row = (await screen.findByText('Brass lamp')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide listing' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Prohibited item' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = fetchMock.mock.calls.find(([u]) =>
      String(u).endsWith('/api/admin/products/p1/status'),
    )!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({
      status: 'hidden',
      reason: 'Prohibited item',
    });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suspended' } });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/admin/products').some(
          (u) => u.searchParams.get('status') === 'suspended',
        ),
      ).toBe(true),
    );
  });
});

describe('audit log', () => {
  it('shows who did what to which target, before → after, and why', async () => {
    server((req) =>
      req.url.pathname === '/api/admin/audit'
        ? {
            body: page('entries', [
              {
                audit_id: 'e1',
                at: '2026-11-20T10:00:00.000Z',
                admin_id: 'a1',
                admin_email: 'exec@example.test',
                action: 'user.status-set',
                target_type: 'user',
                target_id: 'u1',
                before: { status: 'active' },
                after: { status: 'suspended' },
                reason: 'Counterfeit goods',
                outcome: 'succeeded',
              },
            ]),
          }
        : undefined,
    );
    renderApp('/admin/audit');
    const row = (await screen.findByText('Counterfeit goods')).closest('tr')!;
    expect(row).toHaveTextContent('exec@example.test');
    expect(row).toHaveTextContent('user.status-set');
    expect(row).toHaveTextContent('{"status":"active"} → {"status":"suspended"}');
  });
});

describe('subscriptions', () => {
  it('checks which payment provider answers', async () => {
    server((req) => {
      if (req.url.pathname === '/api/admin/subscriptions')
        return { body: page('subscriptions', []) };
      if (req.url.pathname === '/api/admin/test-stripe')
        return {
          body: { success: true, data: { reachable: true, provider: 'sandbox', mode: 'sandbox' } },
        };
      return undefined;
    });
    renderApp('/admin/subscriptions');
    fireEvent.click(await screen.findByRole('button', { name: 'Check payment provider' }));
    expect(
      await screen.findByText('Payment provider answers: sandbox (sandbox mode)'),
    ).toBeInTheDocument();
  });
});
