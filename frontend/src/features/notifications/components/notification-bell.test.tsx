import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  callsTo,
  currentUrl,
  mockFetch,
  profileBody,
  renderApp,
  signIn,
  type Handler,
} from '../../../test/test-utils';
import { FakeEventStream } from '../../../test/live-stream-mock';

const ME = 'user-1';

const note = (i: number, over: Record<string, unknown> = {}) => ({
  notification_id: `n${i}`,
  type: 'exchange_proposal',
  title: `Title ${i}`,
  message: `Message ${i}`,
  data: JSON.stringify({ proposal_id: `p${i}` }),
  is_read: false,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  ...over,
});

/** The member's backend; the live stream is the given fake (or answers 404: no stream). */
function backend(handler: Handler, stream?: FakeEventStream) {
  const fn = mockFetch((req) => {
    if (req.url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (req.url.pathname === '/api/profile') return { body: profileBody({ userId: ME }) };
    if (req.url.pathname === '/api/booth/user-1') return { status: 404, body: {} };
    return handler(req);
  });
  const wrapped = jest.fn((input: string, init?: RequestInit) =>
    stream && new URL(input, 'http://localhost').pathname === '/api/stream'
      ? Promise.resolve(stream.response())
      : fn(input, init),
  );
  globalThis.fetch = wrapped as unknown as typeof fetch;
  return fn;
}

const list = (items: unknown[], unread?: number) => ({
  body: { success: true, data: items, unread_count: unread ?? items.length },
});

describe('the notification bell', () => {
  it('shows the unread count the server reports and at most 15 of the latest', async () => {
    const items = Array.from({ length: 20 }, (_, i) => note(i));
    backend(({ url }) =>
      url.pathname === `/api/notifications/user/${ME}` ? list(items, 42) : undefined,
    );
    signIn(ME);
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 42 unread' });
    fireEvent.click(bell);
    const entries = await screen.findAllByRole('button', { name: /^Title \d+/ });
    expect(entries).toHaveLength(15);
    expect(entries[0]).toHaveTextContent('Title 19');
  });

  it('marks a notification read and opens its proposal', async () => {
    const fetch = backend(({ url, method }) => {
      if (url.pathname === `/api/notifications/user/${ME}`)
        return list([
          note(1, { type: 'proposal_accepted', message: 'Ada accepted your proposal' }),
        ]);
      if (method === 'PUT' && url.pathname === '/api/notifications/n1/read')
        return { body: { success: true, data: {} } };
      return undefined;
    });
    signIn(ME);
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: /Ada accepted your proposal/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/proposal/p1'));
    await waitFor(() => expect(callsTo(fetch, '/api/notifications/n1/read')).toHaveLength(1));
  });

  it('opens the conversation of a new message', async () => {
    backend(({ url }) =>
      url.pathname === `/api/notifications/user/${ME}`
        ? list([note(1, { type: 'new_message', message: 'ada sent you a message' })])
        : url.pathname.endsWith('/read')
          ? { body: { success: true, data: {} } }
          : undefined,
    );
    signIn(ME);
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: /ada sent you a message/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/messages?proposal=p1'));
  });

  it('opens the member’s own store from a notice that an admin hid one of their listings', async () => {
    const fn = mockFetch(({ url }) => {
      if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
      if (url.pathname === '/api/profile') return { body: profileBody({ userId: ME }) };
      if (url.pathname === `/api/booth/${ME}`)
        return {
          body: {
            success: true,
            data: { booth_id: 'b1', username: 'ada.store', status: 'active', name: 'Ada' },
          },
        };
      if (url.pathname === `/api/notifications/user/${ME}`)
        return list([
          note(1, {
            type: 'listing_moderated',
            title: 'Your listing was hidden',
            message: 'Your listing "Red bike" was hidden by a moderator. Reason: Counterfeit',
            data: JSON.stringify({ product_id: 'prod-1', status: 'hidden' }),
          }),
        ]);
      if (url.pathname.endsWith('/read')) return { body: { success: true, data: {} } };
      return undefined;
    });
    globalThis.fetch = fn as unknown as typeof fetch;
    signIn(ME);
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: /was hidden by a moderator/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/my-store/ada.store'));
  });

  it('says so when a proposal notification carries no proposal, or cannot be read', async () => {
    backend(({ url }) =>
      url.pathname === `/api/notifications/user/${ME}`
        ? list([
            note(1, { data: '{}', message: 'no id' }),
            note(2, { data: 'not json', message: 'broken' }),
          ])
        : url.pathname.endsWith('/read')
          ? { body: { success: true, data: {} } }
          : undefined,
    );
    signIn(ME);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: /Title 1/ }));
    expect(await screen.findByText('Unable to view proposal details')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: /Title 2/ }));
    expect(await screen.findByText('Unable to process notification')).toBeInTheDocument();
  });

  it('moves the count as soon as the live stream announces a notification', async () => {
    const stream = new FakeEventStream();
    let items: unknown[] = [];
    backend(
      ({ url }) => (url.pathname === `/api/notifications/user/${ME}` ? list(items) : undefined),
      stream,
    );
    signIn(ME);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await act(async () => stream.emit('ready', { unread_count: 0 }, '1-0'));
    items = [note(1)];
    await act(async () =>
      stream.emit('notification', { notification: note(1), unread_count: 1 }, '2-0'),
    );
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
  });
});

describe('the notifications page', () => {
  it('lists every notification with the gate text for a non-subscriber and marks all read', async () => {
    let unread = 2;
    const fetch = backend(({ url, method }) => {
      if (url.pathname === `/api/notifications/user/${ME}`)
        return list(
          [
            note(1, { message: 'Ada sent you a proposal', is_read: unread === 0 }),
            note(2, {
              type: 'new_rating',
              message: 'ada rated you 5 hearts',
              is_read: unread === 0,
            }),
          ],
          unread,
        );
      if (method === 'PUT' && url.pathname === '/api/notifications/read-all') {
        unread = 0;
        return { body: { success: true, data: { updated: 2, unread_count: 0 } } };
      }
      return undefined;
    });
    signIn(ME);
    renderApp('/my-account#notifications');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(
      await within(panel).findByText(
        'Someone sent a proposal for your listing/s. Subscribe to view details',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('ada rated you 5 hearts')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(callsTo(fetch, '/api/notifications/read-all')).toHaveLength(1));
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull(),
    );
  });
});
