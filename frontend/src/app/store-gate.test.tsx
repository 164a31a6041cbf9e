import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { currentUrl, mockFetch, profileBody, renderApp, signIn } from '../test/test-utils';

// The guarded pages are lazy chunks compiled on first use: a generous deadline for a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const ME = 'user-1';

/** My store `ada.store` with this status (or the booth call answering `boothStatus`). */
function backend(status: string, boothStatus = 200) {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/profile') return { body: profileBody({ userId: ME }) };
    if (url.pathname === `/api/booth/${ME}` || url.pathname === '/api/booth/username/ada.store') {
      if (boothStatus !== 200) return { status: boothStatus, body: { success: false } };
      return {
        body: {
          success: true,
          data: {
            booth_id: 'b1',
            user_id: ME,
            username: 'ada.store',
            name: 'Ada’s Attic',
            description: '',
            interests: [],
            status,
            views: 0,
            created_at: '2025-01-01T00:00:00.000Z',
            updated_at: '2025-01-01T00:00:00.000Z',
          },
        },
      };
    }
    if (url.pathname === '/api/product/booth/ada.store') {
      return {
        body: {
          success: true,
          data: { products: [], totalCount: 0, page: 1, limit: 25, totalPages: 0 },
        },
      };
    }
    if (url.pathname === `/api/chat/user/${ME}/chats`) return { body: { success: true, data: [] } };
    if (url.pathname === `/api/notifications/user/${ME}`) {
      return {
        body: {
          success: true,
          unread_count: 1,
          data: [
            {
              notification_id: 'n1',
              type: 'listing_moderated',
              title: 'Your listing was hidden',
              message: 'Your listing "Red bike" was hidden by a moderator.',
              data: JSON.stringify({ product_id: 'prod-1' }),
              is_read: false,
              created_at: '2026-01-01T00:00:00.000Z',
            },
          ],
        },
      };
    }
    if (url.pathname.endsWith('/read')) return { body: { success: true, data: {} } };
    return undefined;
  });
}

const restricted = () => screen.findByRole('dialog', { name: 'Store Access Restricted' });

describe('a suspended store keeps My Store and Messages closed', () => {
  it.each(['/my-store/ada.store', '/messages'])(
    'when %s is typed in: the modal instead of the page, and I Understand leads home',
    async (path) => {
      backend('suspended');
      signIn(ME);
      const { router } = renderApp(path);
      expect(await restricted()).toHaveTextContent(
        'Your store has been suspended. Please contact support for assistance.',
      );
      expect(screen.queryByRole('heading', { name: /Ada’s Attic|Messages/ })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'I Understand' }));
      await waitFor(() => expect(currentUrl(router)).toBe('/'));
    },
  );

  it('when a listing_moderated notification is followed', async () => {
    backend('suspended');
    signIn(ME);
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: /hidden by a moderator/ }));
    expect(await restricted()).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/my-store/ada.store');
    fireEvent.click(screen.getByRole('button', { name: 'I Understand' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('when My Store is chosen in the user menu', async () => {
    backend('suspended');
    signIn(ME);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('link', { name: 'My Store' }));
    expect(await restricted()).toBeInTheDocument();
  });

  it('opens an inactive store with its message, and opens the page when the check fails', async () => {
    backend('inactive');
    signIn(ME);
    const first = renderApp('/my-store/ada.store');
    expect(await screen.findByRole('heading', { name: 'Ada’s Attic' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your store is currently inactive. Reactivate it to show your listings again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    backend('suspended', 500);
    renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
