import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, signIn } from '../../test/test-utils';
import { memberBackend, ME } from './test-fixtures';

const noSession = () =>
  mockFetch(({ url }) =>
    url.pathname === '/api/auth/refresh'
      ? { status: 401, body: { success: false, message: 'No session' } }
      : url.pathname === '/api/auth/providers'
        ? { body: { success: true, data: { email: true, google: false } } }
        : undefined,
  );

describe('exchange routes', () => {
  it.each(['/exchange-proposal/someone', '/exchange-proposal-review', '/proposal/pr1'])(
    'sends a visitor from %s to sign in and keeps the page to come back to',
    async (path) => {
      noSession();
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/authenticate'));
      expect(localStorage.getItem('redirectUrl')).toBe(path);
    },
  );

  it.each([
    ['/exchange-proposal-success', 'Proposal Sent'],
    ['/proposal/pr1/review/accept', 'Review Proposal'],
  ])('lets a visitor open %s', async (path, heading) => {
    noSession();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('does not let a member make an offer to themselves', async () => {
    memberBackend(() => undefined);
    signIn(ME);
    renderApp(`/exchange-proposal/${ME}`);
    expect(
      await screen.findByRole('heading', { name: 'You cannot make an offer to yourself' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review Your Offer' })).toBeNull();
  });
});
