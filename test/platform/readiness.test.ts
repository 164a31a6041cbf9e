import {
  disposableMongo,
  disposableKafka,
  eventually,
  type DisposableServer,
} from '@swapbooth/test-kit';
import { startAllServices, type AnyService } from './all-services';

/**
 * Every service's /readyz follows its real dependencies: each service runs against a database and
 * a broker of its own for this test, which are stopped and started again underneath it.
 */
jest.setTimeout(240_000);

let mongo: DisposableServer;
let kafka: DisposableServer;
const running: AnyService[] = [];

beforeAll(async () => {
  [mongo, kafka] = await Promise.all([
    disposableMongo(),
    // Restarted after a kill, the broker registers anew only once the controller has given up on
    // its previous self: 3 s here instead of the default 9 s.
    disposableKafka({
      properties: () => ({
        'broker.session.timeout.ms': '3000',
        'broker.heartbeat.interval.ms': '500',
      }),
    }),
  ]);
  await Promise.all([mongo.start(), kafka.start()]);
  const env = {
    ...process.env,
    MONGO_URL: mongo.url,
    KAFKA_BROKERS: kafka.url,
    KAFKA_PARTITIONS: '1',
    LOG_LEVEL: 'silent',
  };
  await startAllServices(env, running);
});

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await Promise.all([mongo?.stop(), kafka?.stop()]);
});

interface Readiness {
  status: number;
  checks: Record<string, { ok: boolean }>;
}

const readiness = async (s: AnyService): Promise<Readiness> => {
  const res = await fetch(`${s.url}/readyz`);
  return {
    status: res.status,
    checks: ((await res.json()) as { checks: Readiness['checks'] }).checks,
  };
};

/**
 * A service's report once it says not-ready. Every service is asked at once: a check of a broker
 * that is away takes its full 2 s timeout, and one service after another would add those up.
 */
const notReady = (s: AnyService): Promise<Readiness> =>
  eventually(
    async () => {
      const x = await readiness(s);
      return x.status === 503 ? x : undefined;
    },
    30_000,
    250,
  );

const allReady = async () =>
  (await Promise.all(running.map(readiness))).every((r) => r.status === 200);

it('reports every service ready when its database, Redis and broker answer', async () => {
  await eventually(allReady, 30_000, 250);
  for (const s of running) {
    const r = await readiness(s);
    expect(r.checks).toMatchObject({
      database: { ok: true },
      redis: { ok: true },
      broker: { ok: true },
    });
  }
});

it('reports not-ready while the database is down, and ready again when it returns', async () => {
  await mongo.stop();
  for (const r of await Promise.all(running.map(notReady))) {
    expect(r.checks.database?.ok).toBe(false);
  }
  await mongo.start();
  await eventually(allReady, 60_000, 500);
});

it('reports not-ready while the broker is down, and ready again when it returns', async () => {
  await kafka.stop();
  for (const r of await Promise.all(running.map(notReady))) {
    expect(r.checks.broker?.ok).toBe(false);
  }
  await kafka.start();
  await eventually(allReady, 90_000, 500);
});

it('answers /healthz while a dependency is down (liveness is not readiness)', async () => {
  for (const s of running) {
    const res = await fetch(`${s.url}/healthz`);
    expect(res.status).toBe(200);
  }
});
