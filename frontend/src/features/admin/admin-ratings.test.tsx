import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp } from '../../test/test-utils';

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

const rating = {
  rating_id: 'p1:r1',
  proposal_id: 'p1',
  rater_id: 'r1',
  rated_user_id: 'u1',
  rating_value: 1,
  comment: 'Insulting words',
  rater: {
    user_id: 'r1',
    first_name: 'Rita',
    last_name: 'Rater',
    username: 'rita',
    profile_image: '',
  },
  created_at: '2026-11-10T10:00:00.000Z',
  shown: true,
  visible_at: null,
  answer: null,
};

describe('ratings on the reports page', () => {
  it('opens a reported member’s ratings and removes one with a reason', async () => {
    let removed = false;
    const deletes: Array<{ path: string; body: unknown }> = [];
    mockFetch(({ url, method, body }) => {
      if (url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
      if (url.pathname === '/api/admin/reports') {
        return {
          body: {
            success: true,
            data: {
              reports: [
                {
                  report_id: 'rep1',
                  reporter_id: 'u9',
                  target_type: 'user',
                  target_id: 'u1',
                  reason: 'Harassment',
                  status: 'open',
                  filed_at: '2026-11-11T10:00:00.000Z',
                  resolved_at: null,
                  resolved_by: null,
                  action_audit_id: null,
                  note: null,
                },
              ],
              totalCount: 1,
              page: 1,
              limit: 25,
              totalPages: 1,
            },
          },
        };
      }
      if (url.pathname === '/api/admin/ratings/user/u1') {
        return {
          body: {
            success: true,
            data: removed
              ? { ratings: [], average_rating: 0, count: 0 }
              : { ratings: [rating], average_rating: 1, count: 1 },
          },
        };
      }
      if (method === 'DELETE' && url.pathname.startsWith('/api/admin/ratings/')) {
        deletes.push({ path: url.pathname, body });
        removed = true;
        return {
          body: {
            success: true,
            data: {
              rating_id: 'p1:r1',
              status: 'removed',
              rated_user_id: 'u1',
              rater_id: 'r1',
              removed_at: '2026-11-12T10:00:00.000Z',
              audit_id: 'au1',
            },
          },
        };
      }
      return undefined;
    });
    renderApp('/admin/reports');
    fireEvent.click(await screen.findByRole('button', { name: 'Ratings' }));

    const panel = await screen.findByRole('region', { name: 'Ratings of a member' });
    expect(within(panel).getByLabelText('Member id')).toHaveValue('u1');
    expect(await within(panel).findByText('Insulting words')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove rating' }));

    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Remove rating' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Abusive language' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(deletes).toEqual([
        { path: '/api/admin/ratings/p1%3Ar1', body: { reason: 'Abusive language' } },
      ]),
    );
    expect(await within(panel).findByText('This member has no shown ratings.')).toBeInTheDocument();
  });
});
