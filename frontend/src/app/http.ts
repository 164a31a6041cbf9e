import type { ApiSuccess, SessionTokenResponse } from '@swapbooth/contracts';
import {
  checkStoredToken,
  clearToken,
  readToken,
  saveToken,
  SessionMessages,
} from '../lib/session';

/** What every failed call resolves to: the server's `{ message, code }` when it sent one. */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  message: string;
  code?: string;
  data?: unknown;
}

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
}

export type HttpResult<T = unknown> = { data: T } | { error: ApiError };

export const API_BASE = '/api';
const NO_REFRESH =
  /^\/auth\/(login|register|verify-otp|refresh|logout|forgot-password|reset-password|google)/;

let refreshing: Promise<string | null> | null = null;
let onSessionLost: (reason: string, url: string) => void = () => undefined;

/** The store registers how a lost session is reported (signed-out state). */
export function setSessionLostHandler(handler: (reason: string, url: string) => void): void {
  onSessionLost = handler;
}

/**
 * Silent refresh: POST /api/auth/refresh with the HttpOnly cookie. One request at a time; the
 * new access token replaces the stored one. Resolves null when there is no session to renew.
 */
export function refreshSession(): Promise<string | null> {
  if (!refreshing) {
    refreshing = fetch(`${API_BASE}/auth/refresh`, { method: 'POST', credentials: 'include' })
      .then(async (res) => {
        if (!res.ok) return null;
        const body = parseJson(await res.text()) as ApiSuccess<SessionTokenResponse> | undefined;
        const token = body?.data?.token;
        if (typeof token !== 'string') return null;
        saveToken(token);
        return token;
      })
      .catch(() => null)
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function queryString(params: RequestArgs['params']): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * What a member is told when the gateway answers that a part of Swapbooth is down (502), busy or
 * reconnecting (503) or too slow (504): the server's wording names internal services, and a
 * proxy in front may send no JSON at all. A 503 of a service's own (a clear reason in its JSON,
 * e.g. a paused feature) keeps its message.
 */
export const UnavailableMessages = {
  down: 'Part of Swapbooth is not answering right now. Please try again in a moment.',
  slow: 'Swapbooth took too long to answer. Please try again in a moment; if you were saving something, check whether it was saved before trying again.',
} as const;

function unavailableMessage(status: number, body: unknown): string | undefined {
  const code = (body as { code?: unknown } | undefined)?.code;
  const fromGateway = body === undefined || code === 'unavailable';
  if (status === 504) return UnavailableMessages.slow;
  if ((status === 502 || status === 503) && fromGateway) return UnavailableMessages.down;
  return undefined;
}

const messageOf = (body: unknown, fallback: string): string => {
  const m = (body as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' && m ? m : fallback;
};

async function send(args: RequestArgs, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (args.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(args.body);
  }
  return fetch(`${API_BASE}${args.url}${queryString(args.params)}`, {
    method: args.method ?? 'GET',
    headers,
    body,
    credentials: args.url.startsWith('/auth/') ? 'include' : 'same-origin',
  });
}

/**
 * Where a call's bearer token comes from and what a refused one means: the member's session
 * (`memberTokens`, the default) or another, such as the admin console's (SPEC §6).
 */
export interface TokenSource {
  /**
   * The token to send to `url`, renewed first when it has expired and can be; null for none. A
   * token at hand is returned as it is, so the call leaves at once (first-screen data).
   */
  current(url: string): string | null | Promise<string | null>;
  /** A new token after `url` answered 401, or null when there is none to be had. */
  renew(url: string): Promise<string | null>;
  /** `url` still answered 401: the session is over. */
  lost(url: string): void;
}

/**
 * The member's token from storage. An expired token is renewed first; a 401 is retried once after
 * a refresh, then reported as a lost session. The auth calls themselves never refresh.
 */
export const memberTokens: TokenSource = {
  current(url) {
    const token = readToken();
    if (!token || NO_REFRESH.test(url)) return token;
    const check = checkStoredToken();
    return check.ok ? check.token : refreshSession();
  },
  renew: (url) => (NO_REFRESH.test(url) ? Promise.resolve(null) : refreshSession()),
  lost(url) {
    if (NO_REFRESH.test(url)) return;
    clearToken();
    onSessionLost(SessionMessages.expired, url);
  },
};

/** One request to the API, with the token source's token (the member's by default) as bearer. */
export async function request<T = unknown>(
  args: RequestArgs,
  tokens: TokenSource = memberTokens,
): Promise<HttpResult<T>> {
  try {
    const current = tokens.current(args.url);
    const token = current instanceof Promise ? await current : current;
    let res = await send(args, token);
    if (res.status === 401 && token) {
      const renewed = await tokens.renew(args.url);
      if (renewed) res = await send(args, renewed);
      if (res.status === 401) tokens.lost(args.url);
    }
    const body = parseJson(await res.text());
    if (!res.ok) {
      const code = (body as { code?: unknown } | undefined)?.code;
      return {
        error: {
          status: res.status,
          message:
            unavailableMessage(res.status, body) ??
            messageOf(body, res.statusText || `Request failed (${res.status})`),
          ...(typeof code === 'string' ? { code } : {}),
          data: body,
        },
      };
    }
    return { data: body as T };
  } catch (err) {
    return {
      error: {
        status: 'FETCH_ERROR',
        message: 'We could not reach Swapbooth. Check your connection and try again.',
        data: String(err),
      },
    };
  }
}

/** The message to show for any error a call or a mutation threw. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const m = (error as { message: unknown }).message;
    if (typeof m === 'string' && m) return m;
  }
  return fallback;
}
