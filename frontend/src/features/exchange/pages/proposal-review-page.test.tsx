import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, signIn } from '../../../test/test-utils';
import { bodiesSent, fail, memberBackend, ME, ok, proposal } from '../test-fixtures';

describe('the proposal review link from a trade e-mail', () => {
  it('asks a visitor to sign in and brings them back to the proposal', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/auth/refresh'
        ? { status: 401, body: { success: false, message: 'No session' } }
        : url.pathname === '/api/auth/providers'
          ? { body: { success: true, data: { email: true, google: false } } }
          : undefined,
    );
    const { router } = renderApp('/proposal/pr1/review/accept');
    expect(await screen.findByRole('heading', { name: 'Review Proposal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/proposal/pr1/review/accept');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authenticate'));
    expect(localStorage.getItem('redirectUrl')).toBe('/proposal/pr1');
  });

  it('shows a party the summary and does nothing on its own', async () => {
    const fetch = memberBackend(({ url }) =>
      url.pathname === '/api/exchange/proposal/pr1' ? ok(proposal()) : undefined,
    );
    signIn(ME);
    renderApp('/proposal/pr1/review/accept');
    expect(await screen.findByRole('link', { name: 'Open proposal' })).toHaveAttribute(
      'href',
      '/proposal/pr1',
    );
    expect(screen.getByText(/between you and Olive Tester/)).toBeInTheDocument();
    expect(screen.getByText(/open the proposal to accept it/)).toBeInTheDocument();
    // Only reads: the link itself accepts nothing.
    expect(fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toEqual(
      [],
    );
    expect(bodiesSent(fetch, 'PUT', '/api/exchange/proposal/pr1/status')).toHaveLength(0);
  });

  it('words the rating link of a completed trade', async () => {
    const fetch = memberBackend(({ url }) =>
      url.pathname === '/api/exchange/proposal/pr1'
        ? ok(proposal({ status: 'completed', allowed_actions: ['rate'] }))
        : undefined,
    );
    signIn(ME);
    renderApp('/proposal/pr1/review/rate');
    expect(
      await screen.findByText(/open the proposal to rate the other member/),
    ).toBeInTheDocument();
    expect(bodiesSent(fetch, 'POST', '/api/rating')).toHaveLength(0);
  });

  it('tells a member who is not a party that they cannot view it', async () => {
    memberBackend(({ url }) =>
      url.pathname === '/api/exchange/proposal/pr1' ? fail(403, 'Not a party') : undefined,
    );
    signIn('someone-else');
    renderApp('/proposal/pr1/review/view');
    expect(
      await screen.findByRole('heading', {
        name: 'This proposal is between two other members; you cannot view it.',
      }),
    ).toBeInTheDocument();
  });
});
