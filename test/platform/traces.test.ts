import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { Api, eventually, newMember, type Reply } from '@swapbooth/test-kit';
import { startStack, type StackProcess } from '../faults/stack-process';

/**
 * One proposal, followed across processes: the gateway, catalog, exchange, notification and chat
 * run as npm start runs them (scripts/stack.js, each its own process from its build), with
 * OTEL_EXPORTER_OTLP_ENDPOINT naming an OTLP/HTTP receiver in this test. A `POST
 * /api/exchange/proposal` through the gateway then yields one trace holding the gateway's request,
 * exchange's, the relay's publish of proposal.created, and notification's and chat's process
 * spans of that event, each consumer's a child of the publish.
 */
jest.setTimeout(420_000);

const root = path.resolve(__dirname, '../..');
const SERVICES = ['catalog', 'exchange', 'notification', 'chat'];

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** OTLP span kinds. */
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** An id as OTLP/JSON gives it: hex (the JavaScript exporter) or base64 (the protobuf mapping). */
const hexId = (id: unknown): string => {
  const s = typeof id === 'string' ? id : '';
  return /^[0-9a-f]*$/i.test(s) ? s.toLowerCase() : Buffer.from(s, 'base64').toString('hex');
};

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
const valueOf = (v: OtlpValue | undefined): unknown =>
  v?.stringValue ??
  (v?.intValue !== undefined ? Number(v.intValue) : (v?.boolValue ?? v?.doubleValue));
const attributesOf = (list: Array<{ key: string; value?: OtlpValue }> | undefined) =>
  Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));

/** An OTLP/HTTP trace receiver (JSON encoding): what the services export, span by span. */
function otlpReceiver() {
  const spans: Span[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      try {
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        const doc = JSON.parse(body.toString('utf8')) as {
          resourceSpans?: Array<{
            resource?: { attributes?: Array<{ key: string; value?: OtlpValue }> };
            scopeSpans?: Array<{ spans?: Array<Record<string, unknown>> }>;
          }>;
        };
        for (const rs of doc.resourceSpans ?? []) {
          const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '?');
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              spans.push({
                service,
                traceId: hexId(s.traceId),
                spanId: hexId(s.spanId),
                parentSpanId: hexId(s.parentSpanId ?? ''),
                name: String(s.name),
                kind: Number(s.kind),
                attributes: attributesOf(s.attributes as Array<{ key: string; value?: OtlpValue }>),
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  return { server, spans };
}

let receiver: ReturnType<typeof otlpReceiver>;
let stack: StackProcess | undefined;
let api: Api;

beforeAll(async () => {
  // The processes run the build: bring it up to date with the sources (quick when it is).
  await promisify(execFile)(
    process.execPath,
    [
      require.resolve('typescript/bin/tsc'),
      '-b',
      'gateway',
      ...SERVICES.map((s) => `services/${s}`),
    ],
    { cwd: root },
  );
  receiver = otlpReceiver();
  await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', r));
  const { port } = receiver.server.address() as AddressInfo;
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  stack = await startStack(SERVICES, {
    // Inside this run's prefixes, so the run's teardown removes the databases and topics.
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX}traces${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX}traces${tag}.`,
    REDIS_KEY_PREFIX: `${base.REDIS_KEY_PREFIX}traces${tag}:`,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_TRACES_SAMPLER: 'always_on',
    // Their log lines, to find the trace's id in them.
    LOG_LEVEL: 'info',
    // Spans leave every half second rather than every five.
    OTEL_BSP_SCHEDULE_DELAY: '500',
    // Images on local disk: this test is about traces, not object storage.
    S3_ENDPOINT: '',
    LOCAL_IMAGE_DIR: path.join(tmpdir(), `swapbooth-traces-${tag}`),
  });
  api = new Api(stack.gateway);
  await eventually(
    async () => (await fetch(`${stack!.gateway}/readyz`).catch(() => undefined))?.ok,
    180_000,
    250,
  ).catch((err: unknown) => {
    throw new Error(
      `the stack did not get ready: ${(err as Error).message}\n${stack!.output.slice(-40).join('\n')}`,
    );
  });
}, 420_000);

afterAll(async () => {
  await stack?.interrupt();
  await new Promise((r) => receiver?.server.close(r));
});

/** A published listing of the member's, created through the gateway. */
async function listing(m: { token: string }): Promise<string> {
  const res = await api.post(
    '/api/product',
    {
      title: `Lamp ${randomBytes(3).toString('hex')}`,
      description: 'Works well, a few scratches.',
      category: 'Electronics',
      subCategory: 'Phones',
      condition: 'good',
      type: 'item',
      tags: ['Retro'],
    },
    m.token,
  );
  if (res.status !== 201)
    throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.product_id as string;
}

const attr = (s: Span, ...keys: string[]) =>
  keys.map((k) => s.attributes[k]).find((v) => v !== undefined);

it('follows one proposal from the gateway through exchange and Kafka to notification and chat', async () => {
  const sender = newMember();
  const receiverMember = newMember();
  const wanted = await listing(receiverMember);
  const offered = await listing(sender);

  // Exchange refuses a proposal until catalog's events have told it of both listings.
  let last: Reply | undefined;
  const proposalId = await eventually(
    async () => {
      last = await api.post(
        '/api/exchange/proposal',
        {
          userId: sender.id,
          receiverId: receiverMember.id,
          requestedProductIds: [wanted],
          offeredProductIds: [offered],
          message: 'Would you swap?',
        },
        sender.token,
      );
      return last.status === 201 ? (last.body.data.proposal_id as string) : undefined;
    },
    120_000,
    250,
  ).catch(() => {
    throw new Error(`propose answered ${last?.status}: ${JSON.stringify(last?.body)}`);
  });
  expect(proposalId).toBeTruthy();

  // The gateway's span of the request that answered 201 starts the trace.
  const isCreated = (s: Span) =>
    s.service === 'gateway' &&
    s.kind === SERVER &&
    s.parentSpanId === '' &&
    String(attr(s, 'http.target', 'url.path') ?? '').startsWith('/api/exchange/proposal') &&
    Number(attr(s, 'http.status_code', 'http.response.status_code')) === 201;
  const root = await eventually(() => receiver.spans.find(isCreated), 60_000, 100);
  const inTrace = () => receiver.spans.filter((s) => s.traceId === root.traceId);

  const expected = (spans: Span[]) => {
    const publish = spans.filter(
      (s) => s.service === 'exchange' && s.kind === PRODUCER && /^publish \S*proposal/.test(s.name),
    );
    const processedBy = (service: string) =>
      spans.find(
        (s) =>
          s.service === service &&
          s.kind === CONSUMER &&
          /^process \S*proposal/.test(s.name) &&
          s.attributes['swapbooth.event.type'] === 'proposal.created' &&
          publish.some((p) => p.spanId === s.parentSpanId),
      );
    return {
      exchange: spans.some((s) => s.service === 'exchange' && s.kind === SERVER),
      publish: publish.length > 0,
      notification: processedBy('notification') !== undefined,
      chat: processedBy('chat') !== undefined,
    };
  };
  const all = { exchange: true, publish: true, notification: true, chat: true };
  await eventually(
    () => {
      const found = expected(inTrace());
      return Object.values(found).every(Boolean) ? found : undefined;
    },
    90_000,
    200,
  ).catch(() => undefined);
  const spans = inTrace();
  if (!Object.values(expected(spans)).every(Boolean)) {
    // What was exported instead, to tell a lost header from a lost span.
    const line = (x: Span) =>
      `${x.service} ${x.kind} ${x.name} trace=${x.traceId.slice(0, 8)} parent=${x.parentSpanId.slice(0, 8)} ${JSON.stringify(x.attributes).slice(0, 160)}`;
    process.stderr.write(
      `trace ${root.traceId}:\n${spans.map(line).join('\n')}\n\nmessaging spans:\n${receiver.spans
        .filter((x) => x.kind === PRODUCER || x.kind === CONSUMER)
        .map(line)
        .join('\n')}\n`,
    );
  }
  expect(expected(spans)).toEqual(all);

  // Exchange's request is a child of the gateway's call to it.
  const exchangeRequest = spans.find((s) => s.service === 'exchange' && s.kind === SERVER)!;
  expect(spans.find((s) => s.spanId === exchangeRequest.parentSpanId)?.service).toBe('gateway');
  expect([...new Set(spans.map((s) => s.service))]).toEqual(
    expect.arrayContaining(['gateway', 'exchange', 'notification', 'chat']),
  );
  // Its database commands are client spans under it: the proposal's insert, by collection and
  // kind, with the filter's or document's shape and never a value.
  const insert = spans.find(
    (s) =>
      s.service === 'exchange' &&
      s.kind === CLIENT &&
      s.name === 'insert proposals' &&
      s.parentSpanId === exchangeRequest.spanId,
  );
  expect(insert?.attributes).toMatchObject({
    'db.system.name': 'mongodb',
    'db.collection.name': 'proposals',
    'db.operation.name': 'insert',
  });
  expect(String(insert?.attributes['db.namespace'])).toMatch(/exchange$/);
  expect(String(insert?.attributes['db.query.text'])).not.toContain(proposalId);
  // Every span of the trace hangs off the gateway's (once the last ones are exported): one tree.
  const orphans = () => {
    const now = inTrace();
    const ids = new Set(now.map((s) => s.spanId));
    return now.filter((s) => s.spanId !== root.spanId && !ids.has(s.parentSpanId));
  };
  await eventually(() => orphans().length === 0, 30_000, 200).catch(() => undefined);
  expect(orphans()).toEqual([]);

  // Log lines written while handling it name the trace.
  const logged = (service: string) =>
    stack!.output.some(
      (l) => l.includes(`"service":"${service}"`) && l.includes(`"trace_id":"${root.traceId}"`),
    );
  await eventually(() => logged('gateway') && logged('exchange'), 30_000, 200).catch(
    () => undefined,
  );
  expect({ gateway: logged('gateway'), exchange: logged('exchange') }).toEqual({
    gateway: true,
    exchange: true,
  });

  // A caller's own trace context is continued, not passed on beside the gateway's.
  const callerTrace = randomBytes(16).toString('hex');
  const read = await api.call('GET', `/api/exchange/proposal/${proposalId}`, {
    token: sender.token,
    headers: { traceparent: `00-${callerTrace}-${randomBytes(8).toString('hex')}-01` },
  });
  expect(read.status).toBe(200);
  const continued = await eventually(
    () => {
      const mine = receiver.spans.filter((s) => s.traceId === callerTrace);
      const served = mine.find((s) => s.service === 'exchange' && s.kind === SERVER);
      const parent = served && mine.find((s) => s.spanId === served.parentSpanId);
      return parent ? parent.service : undefined;
    },
    30_000,
    200,
  ).catch(() => undefined);
  expect(continued).toBe('gateway');

  // The publish span carries the messaging attributes of the event it sent.
  const publish = spans.find((s) => s.kind === PRODUCER)!;
  expect(publish.attributes).toMatchObject({
    'messaging.system': 'kafka',
    'messaging.operation.name': 'publish',
    'swapbooth.event.type': 'proposal.created',
  });
  expect(String(publish.attributes['messaging.destination.name'])).toMatch(/proposal/);
});
