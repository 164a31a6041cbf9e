import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  currentUrl,
  makeToken,
  mockFetch,
  profileBody,
  renderApp,
  signIn,
} from '../test/test-utils';

const noSession = () =>
  mockFetch(({ url }) => {
    if (url.pathname === '/api/auth/refresh')
      return { status: 401, body: { success: false, message: 'No session' } };
    if (url.pathname === '/api/auth/providers')
      return { body: { success: true, data: { email: true, google: false } } };
    return undefined;
  });

describe('sign-in guard', () => {
  it('sends a visitor to /authenticate and keeps path, query and hash under redirectUrl', async () => {
    noSession();
    const { router } = renderApp('/my-account?tab=1#notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/authenticate'));
    expect(localStorage.getItem('redirectUrl')).toBe('/my-account?tab=1#notifications');
  });

  it('guards every protected route of the spec', async () => {
    for (const path of [
      '/liked-products',
      '/exchange-bag',
      '/create-store',
      '/my-store/alice',
      '/messages',
      '/subscription',
    ]) {
      noSession();
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/authenticate'));
      unmount();
    }
  });

  it('lets public pages through without a session', async () => {
    noSession();
    const { router } = renderApp('/about-us');
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about-us');
    expect(document.title).toBe('About Us | Swapbooth');
  });

  it('renews an expired token through the refresh cookie before giving up', async () => {
    localStorage.setItem('token', makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }));
    const fresh = makeToken({ sub: 'user-1' });
    mockFetch(({ url }) => {
      if (url.pathname === '/api/auth/refresh')
        return { body: { success: true, data: { token: fresh } } };
      if (url.pathname === '/api/profile') return { body: profileBody() };
      return { body: { success: true, data: [] } };
    });
    const { router } = renderApp('/liked-products');
    expect(await screen.findByRole('heading', { name: 'Wishlist' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/liked-products');
    expect(localStorage.getItem('token')).toBe(fresh);
  });

  it('sends the member to / when the session check answers 401', async () => {
    signIn();
    mockFetch(({ url }) => {
      if (url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
      if (url.pathname === '/api/profile')
        return { status: 401, body: { success: false, message: 'Session has ended' } };
      return { body: { success: true, data: [] } };
    });
    const { router } = renderApp('/about-us');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('returns to the saved page after signing in', async () => {
    const token = makeToken({ sub: 'user-1' });
    const fetchMock = mockFetch(({ url, body }) => {
      if (url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
      if (url.pathname === '/api/auth/providers')
        return { body: { success: true, data: { email: true, google: false } } };
      if (url.pathname === '/api/auth/login') {
        expect(body).toMatchObject({
          email: 'ada@example.com',
          password: 'correct horse',
          authMethod: 'email',
        });
        return {
          body: { success: true, data: { token, user: { user_id: 'user-1', first_name: 'Ada' } } },
        };
      }
      if (url.pathname === '/api/profile') return { body: profileBody() };
      return { body: { success: true, data: [] } };
    });
    const { router } = renderApp('/liked-products?sort=new#top');
    await waitFor(() => expect(router.state.location.pathname).toBe('/authenticate'));
    fireEvent.change(await screen.findByLabelText('E-mail'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    await waitFor(() => expect(currentUrl(router)).toBe('/liked-products?sort=new#top'));
    expect(localStorage.getItem('redirectUrl')).toBeNull();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('sends an unverified member to the code screen', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/auth/refresh') return { status: 401, body: { success: false } };
      if (url.pathname === '/api/auth/providers')
        return { body: { success: true, data: { email: true, google: false } } };
      if (url.pathname === '/api/auth/login')
        return {
          status: 403,
          body: {
            success: false,
            code: 'email_not_verified',
            message: 'Please verify your e-mail address.',
          },
        };
      return undefined;
    });
    const { router } = renderApp('/authenticate');
    fireEvent.change(await screen.findByLabelText('E-mail'), {
      target: { value: 'new@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp-verification'));
    expect(router.state.location.search).toBe('?email=new%40example.com');
  });

  it('shows the Google button only when the server has Google configured', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/auth/providers')
        return {
          body: { success: true, data: { email: true, google: true, googleClientId: 'client-1' } },
        };
      return { status: 401, body: {} };
    });
    renderApp('/authenticate');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('hides the Google button when Google is not configured', async () => {
    noSession();
    renderApp('/authenticate');
    await screen.findByLabelText('E-mail');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull(),
    );
  });
});

describe('footer rules', () => {
  it('shows the footer on / and hides it on /search and /listings/{slug}', async () => {
    noSession();
    const home = renderApp('/about-us');
    expect(await screen.findByText('© 2025 Swapbooth. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fee Schedule' })).toHaveAttribute(
      'href',
      '/fee-schedule',
    );
    home.unmount();
    const search = renderApp('/search');
    await screen.findByRole('heading', { name: 'Browse Results' });
    expect(screen.queryByText('© 2025 Swapbooth. All rights reserved.')).toBeNull();
    search.unmount();
  });
});
