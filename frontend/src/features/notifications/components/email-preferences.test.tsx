import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, profileBody, renderApp, signIn } from '../../../test/test-utils';

const ME = 'user-1';

/**
 * My Account's settings for a signed-in member whose every e-mail kind is on, against a backend
 * that keeps what is PUT; answers the bodies PUT to the settings, in order.
 */
function openSettings(): unknown[] {
  const puts: unknown[] = [];
  let email: Record<string, boolean> = {
    'exchange-received': true,
    'exchange-accepted': true,
    'exchange-completed': true,
    'exchange-deadlines': true,
    subscription: true,
  };
  mockFetch(({ url, method, body }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/profile') return { body: profileBody({ userId: ME }) };
    if (url.pathname === '/api/notifications/settings') {
      if (method === 'PUT') {
        puts.push(body);
        email = { ...email, ...(body as { email: Record<string, boolean> }).email };
      }
      return { body: { success: true, data: { email } } };
    }
    return undefined;
  });
  signIn(ME);
  renderApp('/my-account#settings');
  return puts;
}

describe('e-mail preferences in My Account, Settings', () => {
  it('shows each trade e-mail kind and turns one off', async () => {
    const puts = openSettings();
    const received = await screen.findByRole('checkbox', {
      name: 'A proposal for my listings arrives',
    });
    expect(received).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'My subscription changes' })).toBeChecked();
    fireEvent.click(received);
    await waitFor(() => expect(puts).toEqual([{ email: { 'exchange-received': false } }]));
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: 'A proposal for my listings arrives' }),
      ).not.toBeChecked(),
    );
  });

  it('turns the trade-clock e-mails off with their own switch', async () => {
    const puts = openSettings();
    const deadlines = await screen.findByRole('checkbox', {
      name: /An exchange deadline comes up/,
    });
    expect(deadlines).toBeChecked();
    fireEvent.click(deadlines);
    await waitFor(() => expect(puts).toEqual([{ email: { 'exchange-deadlines': false } }]));
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: /An exchange deadline comes up/ }),
      ).not.toBeChecked(),
    );
    expect(screen.getByRole('checkbox', { name: 'An exchange is completed' })).toBeChecked();
  });
});
