import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form-encoded body, as Stripe's API receives it. */
  form: Record<string, string>;
  status: number;
}

/** Stands between the Stripe client and stripe-mock and records each request and its answer. */
export class RecordingProxy {
  readonly requests: Recorded[] = [];
  private server: Server | undefined;
  url = '';

  constructor(private readonly target: string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) {
          if (k !== 'host' && k !== 'connection' && typeof v === 'string') headers[k] = v;
        }
        fetch(`${this.target}${req.url}`, {
          method: req.method!,
          headers,
          ...(body ? { body } : {}),
        })
          .then(async (r) => {
            const text = await r.text();
            this.requests.push({
              method: req.method!,
              path: req.url!,
              headers: req.headers,
              form: Object.fromEntries(new URLSearchParams(body)),
              status: r.status,
            });
            res.writeHead(r.status, { 'content-type': 'application/json' });
            res.end(text);
          })
          .catch((err: Error) => {
            res.writeHead(502);
            res.end(err.message);
          });
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  last(method: string, pathStart: string): Recorded {
    const found = [...this.requests]
      .reverse()
      .find((r) => r.method === method && r.path.startsWith(pathStart));
    if (!found) throw new Error(`no ${method} ${pathStart} recorded`);
    return found;
  }

  async stop(): Promise<void> {
    await new Promise((r) => this.server?.close(r));
  }
}
