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

/** A resource's `service.name`, as the OTLP/JSON exporter writes it. */
const SERVICE_NAME = /"key":"service\.name","value":\{"stringValue":"((?:[^"\\]|\\.)*)"/;
/** A span's name: the first `name` after its `spanId` (the exporter writes it before attributes). */
const SPAN_NAME = /"spanId":"[^"]*".*?"name":"((?:[^"\\]|\\.)*)"/g;

/**
 * Counts the spans of an OTLP/JSON export body by service and name without parsing it into
 * objects: this receiver shares the machine's cores with the processes being measured (a real
 * collector runs elsewhere), and a full JSON.parse of every batch was a cost charged to tracing.
 * Undefined when the body is not an OTLP/JSON trace export.
 */
export function countSpans(body: string): Array<{ service: string; name: string }> | undefined {
  if (!body.startsWith('{"resourceSpans":')) return undefined;
  const out: Array<{ service: string; name: string }> = [];
  const parts = body.split('{"resource":');
  for (const part of parts.slice(1)) {
    const service = SERVICE_NAME.exec(part)?.[1] ?? 'unknown';
    const spans = part.slice(part.indexOf('"scopeSpans":'));
    for (const m of spans.matchAll(SPAN_NAME)) out.push({ service, name: m[1]! });
  }
  return out;
}

/**
 * A minimal OTLP/HTTP trace receiver (POST /v1/traces, `http/json` bodies) that counts the spans
 * it is sent, by service and name, so that a benchmark can show its traced processes really
 * exported them (see countSpans for how it reads them cheaply).
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
      const found = countSpans(Buffer.concat(chunks).toString('utf8'));
      if (found === undefined) received.unreadable++;
      for (const { service, name } of found ?? []) {
        spans.set(service, (spans.get(service) ?? 0) + 1);
        const key = `${service} ${name}`;
        names.set(key, (names.get(key) ?? 0) + 1);
      }
      // An empty ExportTraceServiceResponse, in the encoding the exporter sent.
      if (req.headers['content-type'] === 'application/x-protobuf') {
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(received, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
