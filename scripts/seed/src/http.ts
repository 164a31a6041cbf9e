/** A small JSON client for the services, with retries for transient failures. */

export interface Envelope<T = unknown> {
  success?: boolean;
  data?: T;
  message?: string;
  code?: string;
}

export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly body: Envelope,
  ) {
    super(`${method} ${url} answered ${status}: ${body.message ?? body.code ?? 'no message'}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Statuses answered without throwing (2xx always are). */
  accept?: number[];
  /** 'manual' answers a redirect (with its status) instead of following it. */
  redirect?: 'follow' | 'manual';
}

export interface Reply<T> {
  status: number;
  body: Envelope<T>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TRANSIENT = new Set([429, 502, 503, 504]);
const ATTEMPTS = 6;

/** Counts requests, so the summary can say how much work a run did. */
export const stats = { requests: 0 };

export class Api {
  constructor(
    readonly name: string,
    readonly base: string,
  ) {}

  async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Reply<T>> {
    const url = `${this.base}${path}`;
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        stats.requests++;
        res = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
          redirect: opts.redirect ?? 'follow',
          signal: AbortSignal.timeout(30_000),
        });
      } catch (err) {
        if (attempt >= ATTEMPTS) {
          throw new Error(`${this.name} is unreachable (${method} ${url}): ${errorText(err)}`);
        }
        await sleep(250 * 2 ** attempt);
        continue;
      }
      const text = await res.text();
      let body: Envelope<T>;
      try {
        body = text ? (JSON.parse(text) as Envelope<T>) : {};
      } catch {
        body = { message: text.slice(0, 200) };
      }
      const retryAfter = Number(res.headers.get('retry-after')) || 0;
      // A long Retry-After (an account locked for an hour) is an answer, not a hiccup.
      if (TRANSIENT.has(res.status) && attempt < ATTEMPTS && retryAfter <= 20) {
        await sleep(retryAfter > 0 ? retryAfter * 1000 : 250 * 2 ** attempt);
        continue;
      }
      if (res.ok || opts.accept?.includes(res.status)) return { status: res.status, body };
      throw new ApiError(method, url, res.status, body);
    }
  }
}

export function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? err.message;
  }
  return String(err);
}

/** PUTs bytes to a presigned upload URL with the headers it was signed with. */
export async function putBytes(
  url: string,
  bytes: Buffer,
  headers: Record<string, string>,
): Promise<void> {
  // fetch sets Content-Length itself from the body (the same value that was signed).
  const sent = Object.fromEntries(
    Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-length'),
  );
  for (let attempt = 1; ; attempt++) {
    try {
      stats.requests++;
      const res = await fetch(url, {
        method: 'PUT',
        headers: sent,
        body: new Uint8Array(bytes),
        signal: AbortSignal.timeout(30_000),
      });
      if (res.ok) {
        await res.arrayBuffer();
        return;
      }
      const text = (await res.text()).slice(0, 300);
      if (!TRANSIENT.has(res.status) || attempt >= ATTEMPTS) {
        throw new Error(`image upload answered ${res.status}: ${text}`);
      }
    } catch (err) {
      if (attempt >= ATTEMPTS || (err instanceof Error && err.message.startsWith('image upload')))
        throw err;
    }
    await sleep(250 * 2 ** attempt);
  }
}
