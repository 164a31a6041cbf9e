import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { serviceRegistry, Topics } from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';
import {
  bearer,
  dropIsolated,
  isolatedEnv,
  newAdmin,
  startAdmin,
  type AdminService,
} from './support/harness';

/**
 * The Platform page's figures come from the processes' metrics endpoints: here a stand-in for the
 * gateway's, whose counters grow at every scrape, while the other services do not answer at all.
 */
const env = isolatedEnv();
let admin: AdminService;
let fake: Server;
let scrapes = 0;

/** 10 more calls at every scrape, one in ten a 5xx, 90% of them under 50 ms. */
function exposition(): string {
  scrapes += 1;
  const n = scrapes * 10;
  const labels = 'method="GET",route="/api/product",status_class="2xx",service="gateway"';
  return [
    `http_requests_total{${labels}} ${n}`,
    `http_requests_total{method="GET",route="/readyz",status_class="2xx",service="gateway"} ${n * 100}`,
    `http_request_errors_total{${labels}} ${n / 10}`,
    `http_request_duration_seconds_bucket{le="0.05",${labels}} ${n * 0.9}`,
    `http_request_duration_seconds_bucket{le="0.5",${labels}} ${n}`,
    `http_request_duration_seconds_bucket{le="+Inf",${labels}} ${n}`,
    `kafka_consumer_lag_messages{topic="${Topics.proposal}",partition="0",service="gateway"} 4`,
    `kafka_consumer_lag_messages{topic="${Topics.proposal}",partition="1",service="gateway"} 3`,
    `outbox_pending_events{topic="${Topics.chat}",service="gateway"} 2`,
    `outbox_oldest_pending_age_seconds{topic="${Topics.chat}",service="gateway"} 12.5`,
    `swapbooth_stream_connections{service="gateway"} 5`,
    '',
  ].join('\n');
}

beforeAll(async () => {
  fake = createServer((_req, res) => res.end(exposition()));
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  // Nothing listens on port 9 (discard): every other service is down.
  const nowhere = Object.fromEntries(
    serviceRegistry
      .filter((s) => s.name !== 'admin')
      .map((s) => [s.urlSetting, 'http://127.0.0.1:9']),
  );
  admin = await startAdmin({
    ...env,
    ...nowhere,
    METRICS_PORT_OFFSET: '0',
    GATEWAY_METRICS_URL: `http://127.0.0.1:${port}/metrics`,
    PLATFORM_SAMPLE_SECONDS: '1',
  });
});
afterAll(async () => {
  await admin?.stop();
  await new Promise((r) => fake?.close(r));
  await dropIsolated(env);
});

const platform = (token: string) =>
  request(admin.url).get('/api/admin/platform').set(bearer(token));

it('computes request rate, error rate and p95 per service from its metrics', async () => {
  const exec = await newAdmin(admin, 'executive');
  const data = await eventually(async () => {
    const res = await platform(exec.token);
    expect(res.status).toBe(200);
    return res.body.data.times.length >= 2 ? res.body.data : undefined;
  }, 15_000);
  const gateway = data.services.find((s: { service: string }) => s.service === 'gateway');
  expect(gateway.up).toBe(true);
  expect(gateway.requestRate).toBeGreaterThan(0);
  // Probes are left out: one call in ten failed, and the p95 is in the 50–500 ms bucket.
  expect(gateway.errorRate).toBeCloseTo(0.1, 5);
  expect(gateway.p95Seconds).toBeGreaterThan(0.05);
  expect(gateway.p95Seconds).toBeLessThan(0.5);
  expect(gateway.series.requestRate).toHaveLength(data.times.length);

  const auth = data.services.find((s: { service: string }) => s.service === 'auth');
  expect(auth.up).toBe(false);
  expect(auth.requestRate).toBeNull();
  const self = data.services.find((s: { service: string }) => s.service === 'admin');
  expect(self.up).toBe(true);

  const topic = (name: string) => data.topics.find((t: { topic: string }) => t.topic === name);
  expect(topic(Topics.proposal)).toMatchObject({ consumerLag: 7, lagByGroup: { gateway: 7 } });
  expect(topic(Topics.chat)).toMatchObject({ outboxPending: 2, oldestPendingSeconds: 12.5 });
  expect(data.streamConnections).toBe(5);
  expect(data.deadLettered).toBe(0);
});

it('is for admins with the platform permission only', async () => {
  const staff = await newAdmin(admin, 'staff', 'dashboard');
  expect((await platform(staff.token)).status).toBe(403);
  const allowed = await newAdmin(admin, 'staff', 'platform');
  expect((await platform(allowed.token)).status).toBe(200);
  expect((await request(admin.url).get('/api/admin/platform')).status).toBe(401);
});
