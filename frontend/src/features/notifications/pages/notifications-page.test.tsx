import { configure, fireEvent, screen, within } from '@testing-library/react';
import { callsTo, mockFetch, profileBody, renderApp, signIn } from '../../../test/test-utils';

configure({ asyncUtilTimeout: 10_000 });

const ME = 'user-1';
const TOTAL = 120;

/** Notification i of TOTAL, newest first (n0 is the newest). */
const note = (i: number) => ({
  notification_id: `n${i}`,
  type: 'follow',
  title: `Title ${i}`,
  message: `Message ${i}`,
  data: '{}',
  is_read: true,
  created_at: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
});

/** The service's answer: `page` and `limit` pick the slice; the total tells how many there are. */
function backend() {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/profile') return { body: profileBody({ userId: ME }) };
    if (url.pathname === `/api/notifications/user/${ME}`) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const from = (page - 1) * limit;
      const items = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - from)) }, (_, k) =>
        note(from + k),
      );
      return {
        body: { success: true, data: items, unread_count: 0, total: TOTAL, page, limit },
      };
    }
    return undefined;
  });
}

describe('the notifications page', () => {
  it('shows 50 a page and pages through all of them', async () => {
    const fetch = backend();
    signIn(ME);
    renderApp('/notifications');
    const panel = (await screen.findByRole('heading', { name: 'Notifications', level: 2 }))
      .parentElement!.parentElement!;
    expect(await within(panel).findByText('Title 0')).toBeInTheDocument();
    expect(within(panel).getByText('Title 49')).toBeInTheDocument();
    expect(within(panel).queryByText('Title 50')).toBeNull();

    const pages = within(panel).getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await within(panel).findByText('Title 119')).toBeInTheDocument();
    expect(within(panel).getByText('Title 100')).toBeInTheDocument();
    expect(within(panel).queryByText('Title 99')).toBeNull();
    expect(
      callsTo(fetch, `/api/notifications/user/${ME}`).map((u) => u.searchParams.get('page')),
    ).toContain('3');

    fireEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await within(panel).findByText('Title 50')).toBeInTheDocument();
  });
});
