import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockFetch, renderApp } from '../../test/test-utils';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'a1', typ: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

beforeEach(() => {
  localStorage.setItem('adminToken', token);
  localStorage.setItem(
    'adminUser',
    JSON.stringify({
      id: 'a1',
      email: 'mod@example.test',
      role: 'staff',
      permissions: { reports: true },
    }),
  );
});

const page = (items: unknown[]) => ({
  success: true,
  data: { reports: items, totalCount: items.length, page: 1, limit: 25, totalPages: 1 },
});

const report = {
  report_id: 'r1',
  reporter_id: 'u2',
  target_type: 'user',
  target_id: 'u1',
  reason: 'scam_or_fraud',
  status: 'open',
  filed_at: '2026-11-20T10:00:00.000Z',
  resolved_at: null,
  resolved_by: null,
  action_audit_id: null,
  note: null,
};

describe('member reports in the admin reports page', () => {
  it('lists reports of members with the member, their account and open reports, and resolves one', async () => {
    const fetch = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
      if (url.pathname === '/api/admin/reports') return { body: page([]) };
      if (url.pathname === '/api/admin/reports/members')
        return {
          body: page([
            {
              ...report,
              member: {
                user_id: 'u1',
                email: null,
                first_name: 'Max',
                last_name: 'Mallory',
                username: 'max',
                status: 'active',
                is_verified: false,
                registered_at: null,
              },
              open_reports_on_member: 3,
            },
          ]),
        };
      if (url.pathname === '/api/admin/reports/r1' && method === 'PATCH')
        return { body: { success: true, data: { report: { ...report, status: 'dismissed' } } } };
      return undefined;
    });
    renderApp('/admin/reports');
    const section = await screen.findByRole('region', { name: 'Member reports' });
    const row = (await within(section).findByText('Max Mallory')).closest('tr')!;
    expect(row).toHaveTextContent('active');
    expect(row).toHaveTextContent('scam or fraud');
    expect(row).toHaveTextContent('3');
    expect(callsTo(fetch, '/api/admin/reports/members')[0]!.searchParams.get('status')).toBe(
      'open',
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/reports/r1')).toHaveLength(1));
  });
});
