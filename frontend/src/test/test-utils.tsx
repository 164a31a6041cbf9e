import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../app/router';
import { makeStore } from '../app/store';

export interface MockResponse {
  status?: number;
  body?: unknown;
}

export type Handler = (req: {
  method: string;
  url: URL;
  body: unknown;
}) => MockResponse | undefined;

/** Replaces fetch; unmatched calls answer 404. Returns the mock to inspect the calls made. */
export function mockFetch(handler: Handler) {
  const fn = jest.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const res = handler({ method, url, body }) ?? {
      status: 404,
      body: { success: false, message: 'Not found' },
    };
    const status = res.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      text: async () => (res.body === undefined ? '' : JSON.stringify(res.body)),
    };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** The calls to one API path (e.g. '/api/search'), with their query parameters. */
export function callsTo(fn: ReturnType<typeof mockFetch>, path: string): URL[] {
  return fn.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((u) => u.pathname === path);
}

const b64 = (o: unknown) =>
  Buffer.from(JSON.stringify(o))
    .toString('base64')
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

/** A JWT-shaped token (signature not checked by the client). */
export function makeToken(claims: { sub?: string; exp?: number } = {}): string {
  const exp = claims.exp ?? Math.floor(Date.now() / 1000) + 900;
  return `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ sub: claims.sub ?? 'user-1', exp, typ: 'access' })}.signature`;
}

export const signIn = (userId = 'user-1') =>
  window.localStorage.setItem('token', makeToken({ sub: userId }));

export function profileBody(opts: { userId?: string; zip?: string; firstName?: string } = {}) {
  return {
    success: true,
    data: {
      user_profile: {
        user_id: opts.userId ?? 'user-1',
        first_name: opts.firstName ?? 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        profile_image: null,
        username: null,
      },
      stripe_data: {},
      default_address: opts.zip
        ? {
            address_id: 'a1',
            city: 'San Francisco',
            state: 'CA',
            country: 'US',
            zip_code: opts.zip,
            street1: '1 Main St',
            is_default: true,
          }
        : null,
    },
  };
}

/** Renders the whole app (shell, guards, routes) at a URL, with a new store or the given one. */
export function renderApp(url: string, store = makeStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

export const currentUrl = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`;
