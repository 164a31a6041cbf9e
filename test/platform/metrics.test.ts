import { randomBytes, randomUUID } from 'node:crypto';
import { Topics } from '@swapbooth/contracts';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  serveMetrics,
  ServiceMetrics,
  type MetricsServer,
  type RunningServer,
} from '@swapbooth/service-kit';
import { bearer, eventually, newMember } from '@swapbooth/test-kit';
import { buildGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { startAllServices, type AnyService } from './all-services';

/**
 * Every service and the gateway expose Prometheus metrics on a port of their own, and after real
 * traffic (calls naming ids, unknown paths, a sign-up whose events cross services) no label of any
 * of them holds an id: the label sets stay small whatever the callers send.
 */
jest.setTimeout(180_000);

const USER_TOPIC = Topics.user;

const running: AnyService[] = [];
let gateway: RunningServer;
let gatewayMetrics: MetricsServer;
let base: string;
const logger = createLogger('test', 'silent');
const redis = createRedis(
  process.env.REDIS_URL!,
  `${process.env.REDIS_KEY_PREFIX}metrics:`,
  logger,
);

beforeAll(async () => {
  const env = { ...process.env, LOG_LEVEL: 'silent' as const };
  await startAllServices(env, running);
  const urls = Object.fromEntries(
    running.map((s) => [`${s.ctx.name.toUpperCase()}_URL`, s.url]),
  ) as Record<string, string>;
  const config = loadGatewayConfig({ ...env, ...urls, PORT: '0' });
  const metrics = new ServiceMetrics('gateway');
  const app = buildGateway({
    config,
    logger,
    redis,
    publicKey: readPublicKey(config),
    accessLog: false,
    metrics,
  });
  gateway = await serve({
    app,
    port: 0,
    host: '127.0.0.1',
    logger,
    onStop: [() => app.closeClients()],
  });
  gatewayMetrics = await serveMetrics(metrics, { port: 0, host: '127.0.0.1', logger });
  base = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await gateway?.stop();
  await gatewayMetrics?.stop();
  await Promise.all(running.map((s) => s.stop()));
  redis.disconnect();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[l[1]!] = l[2]!;
    }
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** Labels whose values are numbers by nature, from a small fixed set (buckets, partitions, Node's version). */
const NUMERIC_LABELS = new Set(['le', 'quantile', 'partition', 'major', 'minor', 'patch']);

/** A value that names one thing: an ObjectId, a UUID, a number, a long hex or digit run. */
function looksLikeId(value: string): boolean {
  return (
    /[0-9a-f]{24}/i.test(value) ||
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(value) ||
    /^\d+$/.test(value) ||
    /\d{5,}/.test(value) ||
    /[0-9a-f]{12,}/i.test(value)
  );
}

const scrape = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return parse(await res.text());
};

const allMetrics = async () => {
  const targets = [
    ['gateway', gatewayMetrics.url] as const,
    ...running.map((s) => [s.ctx.name, s.metricsUrl!] as const),
  ];
  return Object.fromEntries(
    await Promise.all(targets.map(async ([name, url]) => [name, await scrape(url)] as const)),
  ) as Record<string, Sample[]>;
};

it('labels every series with route templates, topics and kinds, never ids', async () => {
  const member = newMember();
  const oid = () => randomBytes(12).toString('hex');
  const calls: Array<[string, string, RequestInit?]> = [
    ['GET', `/api/product/${oid()}`],
    ['GET', `/api/product/slug/a-listing-${randomUUID()}`],
    ['GET', `/api/booth/${oid()}`],
    ['GET', `/api/rating/user/${randomUUID()}`],
    ['GET', `/api/search?query=bike-${Date.now()}`],
    ['GET', `/api/exchange/proposal/${oid()}`, { headers: bearer(member.token) }],
    ['GET', `/api/notifications/${member.id}`, { headers: bearer(member.token) }],
    ['GET', `/api/chat/conversation/${oid()}/messages`, { headers: bearer(member.token) }],
    ['GET', `/api/no-such-thing/${oid()}/${Date.now()}`, { headers: bearer(member.token) }],
    ['GET', `/${oid()}.js`],
    ['GET', '/api/admin/health'],
    [
      'POST',
      '/api/auth/login',
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${oid()}@example.test`, password: 'not the password' }),
      },
    ],
  ];
  for (let round = 0; round < 2; round++) {
    for (const [method, path, init] of calls) {
      const res = await fetch(`${base}${path}`, { method, ...init });
      await res.arrayBuffer();
    }
  }
  // Each service answered at least its load balancer's probe.
  for (const s of running) await (await fetch(`${s.url}/readyz`)).arrayBuffer();
  // A sign-up: auth's outbox publishes, the notification and admin consumers handle it.
  const email = `metrics-${randomBytes(4).toString('hex')}@example.test`;
  const signUp = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', authMethod: 'email' }),
  });
  expect(signUp.status).toBeLessThan(300);

  const consumedBy = (samples: Sample[] | undefined) =>
    (samples ?? []).some(
      (s) =>
        s.name === 'events_consumed_total' && s.labels.handler === 'user.registered' && s.value > 0,
    );
  let metrics: Record<string, Sample[]> = {};
  await eventually(async () => {
    metrics = await allMetrics();
    return consumedBy(metrics.admin) && consumedBy(metrics.notification);
  }, 30_000);

  // Each process speaks for itself, with the usual process metrics and its HTTP calls.
  for (const [service, samples] of Object.entries(metrics)) {
    expect(samples.every((s) => s.labels.service === service)).toBe(true);
    const names = new Set(samples.map((s) => s.name));
    expect(names).toContain('process_cpu_seconds_total');
    expect(names).toContain('nodejs_eventloop_lag_seconds');
    expect(names).toContain('http_requests_total');
  }
  const has = (service: string, name: string, labels: Record<string, string> = {}) =>
    metrics[service]!.some(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
  expect(has('gateway', 'http_requests_total', { route: '/api/product' })).toBe(true);
  expect(has('gateway', 'http_requests_total', { route: 'unmatched' })).toBe(true);
  expect(has('catalog', 'http_requests_total', { route: '/api/product/:id' })).toBe(true);
  expect(
    has('catalog', 'http_request_duration_seconds_bucket', { route: '/api/product/:id' }),
  ).toBe(true);
  expect(
    has('auth', 'events_published_total', { topic: USER_TOPIC, event_type: 'user.registered' }),
  ).toBe(true);
  expect(has('auth', 'outbox_relay_publish_duration_seconds_count')).toBe(true);
  expect(has('auth', 'outbox_pending_events', { topic: USER_TOPIC })).toBe(true);
  expect(has('auth', 'mongodb_operation_duration_seconds_count', { kind: 'find' })).toBe(true);
  expect(has('auth', 'mongodb_pool_connections_in_use')).toBe(true);
  expect(has('notification', 'kafka_consumer_lag_messages', { topic: USER_TOPIC })).toBe(true);
  expect(has('notification', 'event_handler_duration_seconds_count', { topic: USER_TOPIC })).toBe(
    true,
  );
  expect(has('notification', 'swapbooth_stream_connections')).toBe(true);
  expect(has('exchange', 'swapbooth_proposals_total')).toBe(false); // none made: no series yet

  const offenders = Object.entries(metrics).flatMap(([service, samples]) =>
    samples.flatMap((s) =>
      Object.entries(s.labels)
        .filter(([k, v]) => !NUMERIC_LABELS.has(k) && looksLikeId(v))
        .map(([k, v]) => `${service} ${s.name}{${k}="${v}"}`),
    ),
  );
  expect(offenders).toEqual([]);
});

it('keeps the metrics off the gateway: its routes never reach a metrics port', async () => {
  const res = await fetch(`${base}/metrics`);
  const body = await res.text();
  expect(body).not.toMatch(/^# HELP /m);
  const api = await fetch(`${base}/api/metrics`);
  expect(await api.text()).not.toMatch(/^# HELP /m);
});
