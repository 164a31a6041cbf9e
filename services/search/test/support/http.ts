/** Test replies are read loosely: each test asserts the fields it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface Reply<T = Loose> {
  status: number;
  body: T;
}

/** A small JSON client for the running service. */
export class Api {
  constructor(readonly base: string) {}

  async get<T = Loose>(path: string, token?: string): Promise<Reply<T>> {
    const res = await fetch(`${this.base}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T };
  }

  /** `GET /api/search` with the given parameters. */
  search(params: Record<string, string | number | undefined> = {}, token?: string) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) query.append(key, String(value));
    }
    return this.get(`/api/search?${query.toString()}`, token);
  }
}
