import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, makeToken, mockFetch, renderApp } from '../../../test/test-utils';

const signedInBody = {
  success: true,
  data: {
    token: makeToken({ sub: 'user-1' }),
    expiresIn: 900,
    user: { user_id: 'user-1', email: 'ada@example.com', first_name: 'Ada', last_name: 'L' },
  },
  message: 'Signed in with the e-mailed link',
};

function api() {
  return mockFetch(({ method, url }) => {
    if (url.pathname === '/api/auth/refresh')
      return { status: 401, body: { success: false, message: 'No session' } };
    if (url.pathname === '/api/auth/providers')
      return { body: { success: true, data: { email: true, google: false } } };
    if (method === 'POST' && url.pathname === '/api/auth/sign-in-link')
      return {
        body: {
          success: true,
          data: null,
          message: 'If an account exists for this address, we sent a sign-in link to it.',
        },
      };
    if (method === 'POST' && url.pathname === '/api/auth/sign-in-link/redeem')
      return { body: signedInBody };
    return undefined;
  });
}

describe('signing in with an e-mailed link', () => {
  it('is offered on the sign-in page and sends the link to the address typed', async () => {
    const fetch = api();
    const { router } = renderApp('/authenticate');
    fireEvent.click(await screen.findByRole('link', { name: 'E-mail me a sign-in link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in-link'));
    await screen.findByRole('heading', { name: 'Sign in with a link' });
    fireEvent.change(await screen.findByLabelText('E-mail'), {
      target: { value: ' ada@example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/we sent a sign-in link/);
    const [call] = fetch.mock.calls.filter(([u]) => String(u).endsWith('/api/auth/sign-in-link'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ email: 'ada@example.com' });
  });

  it('signs in with the token from the link only when asked, then goes home', async () => {
    const fetch = api();
    const { router } = renderApp('/sign-in-link?token=user-1.secret');
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(callsTo(fetch, '/api/auth/sign-in-link/redeem')).toHaveLength(0);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [call] = fetch.mock.calls.filter(([u]) => String(u).endsWith('/redeem'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ token: 'user-1.secret' });
    expect(localStorage.getItem('token')).toBe(signedInBody.data.token);
  });
});
