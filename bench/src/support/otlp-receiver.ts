import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an OTLP receiver got: spans by `service.name` and by name, and the export requests. */
export interface ReceivedSpans {
  url: string;
  spans: Map<string, number>;
  /** Spans by `service.name` and span name (`gateway GET`, `bench-service middleware - query`). */
  names: Map<string, number>;
  requests: number;
  /** Export requests it could not read (not OTLP/JSON). */
  unreadable: number;
  close(): Promise<void>;
}

interface OtlpJson {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value?: { stringValue?: string } }> };
    scopeSpans?: Array<{ spans?: Array<{ name?: string }> }>;
  }>;
}

/**
 * A minimal OTLP/HTTP trace receiver (POST /v1/traces, `http/json` bodies) that counts the spans
 * it is sent, by service, so that a benchmark can show its traced processes really exported them.
 */
export async function otlpReceiver(): Promise<ReceivedSpans> {
  const spans = new Map<string, number>();
  const names = new Map<string, number>();
  const received: Omit<ReceivedSpans, 'url' | 'close'> = {
    spans,
    names,
    requests: 0,
    unreadable: 0,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/traces')) {
        res.writeHead(404).end();
        return;
      }
      received.requests++;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson;
        for (const rs of body.resourceSpans ?? []) {
          const service =
            rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value?.stringValue ??
            'unknown';
          for (const span of (rs.scopeSpans ?? []).flatMap((s) => s.spans ?? [])) {
            spans.set(service, (spans.get(service) ?? 0) + 1);
            const name = `${service} ${span.name ?? '?'}`;
            names.set(name, (names.get(name) ?? 0) + 1);
          }
        }
      } catch {
        received.unreadable++;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(received, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
