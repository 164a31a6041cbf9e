/** Test replies are read loosely: each test asserts the fields it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface Reply<T = Loose> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small JSON client for the running service. */
export class Api {
  constructor(readonly base: string) {}

  async call<T = Loose>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const res = await fetch(path.startsWith('http') ? path : `${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  get = (path: string, token?: string) => this.call('GET', path, token ? { token } : {});
  post = (path: string, body: unknown, token?: string) =>
    this.call('POST', path, { body, ...(token ? { token } : {}) });
  put = (path: string, body: unknown, token?: string) =>
    this.call('PUT', path, { body, ...(token ? { token } : {}) });
  delete = (path: string, token?: string) => this.call('DELETE', path, token ? { token } : {});
}
