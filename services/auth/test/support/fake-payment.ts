import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayment {
  url: string;
  /** userId → how the payment service answers for them. */
  answers: Map<string, { status: number; body?: unknown; delayMs?: number }>;
  /** Authorization headers it received, by user id. */
  seenAuthorization: Map<string, string | undefined>;
  close(): Promise<void>;
}

/** A local stand-in for the payment service's GET /api/user-stripe-data/{userId}. */
export async function fakePayment(): Promise<FakePayment> {
  const answers: FakePayment['answers'] = new Map();
  const seenAuthorization = new Map<string, string | undefined>();
  const server = createServer((req, res) => {
    const userId = decodeURIComponent(
      /\/api\/user-stripe-data\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '',
    );
    seenAuthorization.set(userId, req.headers.authorization);
    const a = answers.get(userId) ?? { status: 404, body: { success: false } };
    setTimeout(() => {
      if (res.destroyed) return;
      res.statusCode = a.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(a.body ?? {}));
    }, a.delayMs ?? 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    seenAuthorization,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
