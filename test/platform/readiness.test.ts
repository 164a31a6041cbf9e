import type { RunningService } from '@swapbooth/runtime';
import {
  disposableMongo,
  disposableKafka,
  eventually,
  type DisposableServer,
} from '@swapbooth/test-kit';
import { loadAuthConfig } from '../../services/auth/src/config';
import { startAuthService } from '../../services/auth/src/service';
import { loadCatalogConfig } from '../../services/catalog/src/config';
import { startCatalogService } from '../../services/catalog/src/service';
import { loadSearchConfig } from '../../services/search/src/config';
import { startSearchService } from '../../services/search/src/service';
import { loadExchangeConfig } from '../../services/exchange/src/config';
import { startExchangeService } from '../../services/exchange/src/service';
import { loadChatConfig } from '../../services/chat/src/config';
import { startChatService } from '../../services/chat/src/service';
import { loadNotificationConfig } from '../../services/notification/src/config';
import { startNotificationService } from '../../services/notification/src/service';
import { loadPaymentConfig } from '../../services/payment/src/config';
import { startPaymentService } from '../../services/payment/src/service';
import { loadAdminConfig } from '../../services/admin/src/config';
import { startAdminService } from '../../services/admin/src/service';

/**
 * Every service's /readyz follows its real dependencies: each service runs against a database and
 * a broker of its own for this test, which are stopped and started again underneath it.
 */
jest.setTimeout(240_000);

let mongo: DisposableServer;
let kafka: DisposableServer;
type AnyService = RunningService<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const running: AnyService[] = [];

beforeAll(async () => {
  [mongo, kafka] = await Promise.all([disposableMongo(), disposableKafka()]);
  await Promise.all([mongo.start(), kafka.start()]);
  const env = {
    ...process.env,
    MONGO_URL: mongo.url,
    KAFKA_BROKERS: kafka.url,
    KAFKA_PARTITIONS: '1',
    LOG_LEVEL: 'silent',
  };
  const opts = { port: 0 };
  running.push(
    await startAuthService(loadAuthConfig(env), opts),
    await startCatalogService(loadCatalogConfig(env), opts),
    await startSearchService(loadSearchConfig(env), opts),
    await startExchangeService(loadExchangeConfig(env), opts),
    await startChatService(loadChatConfig(env), opts),
    await startNotificationService(loadNotificationConfig(env), opts),
    await startPaymentService(loadPaymentConfig(env), opts),
    await startAdminService(loadAdminConfig(env), opts),
  );
});

afterAll(async () => {
  for (const s of running) await s.stop();
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
  for (const s of running) {
    const r = await eventually(
      async () => {
        const x = await readiness(s);
        return x.status === 503 ? x : undefined;
      },
      30_000,
      250,
    );
    expect(r.checks.database?.ok).toBe(false);
  }
  await mongo.start();
  await eventually(allReady, 60_000, 500);
});

it('reports not-ready while the broker is down, and ready again when it returns', async () => {
  await kafka.stop();
  for (const s of running) {
    const r = await eventually(
      async () => {
        const x = await readiness(s);
        return x.status === 503 ? x : undefined;
      },
      30_000,
      250,
    );
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
