import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { Topics } from '@swapbooth/contracts';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import type { RunningService } from '@swapbooth/runtime';
import { Api, EventTap } from '@swapbooth/test-kit';
import { buildGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { loadCatalogConfig } from '../../services/catalog/src/config';
import { startCatalogService } from '../../services/catalog/src/service';
import { loadExchangeConfig, type ExchangeConfig } from '../../services/exchange/src/config';
import type { ExchangeDeps } from '../../services/exchange/src/deps';
import { startExchangeService } from '../../services/exchange/src/service';

/**
 * Catalog and exchange as two instances each, as two replicas of a deployment run them: one
 * database per service, the same consumer groups and topics (two partitions each, so both
 * replicas of a group consume), the driver's ordinary connection pool, and a gateway in front
 * whose CATALOG_URL and EXCHANGE_URL list both replicas.
 */
export interface ReplicaStack {
  /** The gateway's API: calls alternate between the replicas. */
  api: Api;
  exchanges: RunningService<ExchangeConfig, ExchangeDeps>[];
  /** Reads what the replicas publish and publishes other services' events. */
  tap: EventTap;
  stop(): Promise<void>;
}

export async function startReplicaStack(
  exchangeEnv: Record<string, string> = {},
): Promise<ReplicaStack> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  const imageDir = path.join(tmpdir(), `swapbooth-replicas-${tag}`);
  const shared: Record<string, string | undefined> = {
    ...base,
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    REDIS_KEY_PREFIX: `${base.REDIS_KEY_PREFIX ?? 'test:'}${tag}:`,
    KAFKA_PARTITIONS: '2',
    LOG_LEVEL: base.REPLICAS_TEST_LOG_LEVEL ?? 'error',
    SHUTDOWN_TIMEOUT_MS: '3000',
  };
  const overrides = { port: 0, relay: { pollIntervalMs: 200 } };
  // Images on local disk: this test is about replicas, not object storage.
  const catalogConfig = loadCatalogConfig({
    ...shared,
    S3_ENDPOINT: '',
    LOCAL_IMAGE_DIR: imageDir,
    AUTH_URL: 'http://127.0.0.1:9',
  });
  const exchangeConfig = loadExchangeConfig({ ...shared, ...exchangeEnv });
  // One after the other: the first creates the topics the second then finds.
  const catalogs: RunningService[] = [];
  const exchanges: RunningService<ExchangeConfig, ExchangeDeps>[] = [];
  for (let i = 0; i < 2; i++)
    catalogs.push(await startWithRetry(() => startCatalogService(catalogConfig, overrides)));
  for (let i = 0; i < 2; i++)
    exchanges.push(await startWithRetry(() => startExchangeService(exchangeConfig, overrides)));

  const redis = createRedis(
    base.REDIS_URL ?? 'redis://127.0.0.1:6379',
    `${shared.REDIS_KEY_PREFIX}gw:`,
    createLogger('gateway', 'silent'),
  );
  const gatewayConfig = loadGatewayConfig({
    ...shared,
    CORS_ORIGIN: 'http://localhost:5173',
    CATALOG_URL: catalogs.map((c) => c.url).join(','),
    EXCHANGE_URL: exchanges.map((e) => e.url).join(','),
    // Many members from one address in a short time: the limits are another test's subject.
    RATE_LIMIT_IP_PER_WINDOW: '100000',
    RATE_LIMIT_USER_PER_WINDOW: '100000',
  });
  const logger = createLogger('gateway', 'silent');
  const app = buildGateway({
    config: gatewayConfig,
    logger,
    redis,
    publicKey: readPublicKey(gatewayConfig),
    accessLog: false,
  });
  const gateway: RunningServer = await serve({
    app,
    port: 0,
    host: '127.0.0.1',
    logger,
    shutdownTimeoutMs: 1000,
    onStop: [() => app.closeClients()],
  });
  const tap = new EventTap(
    exchangeConfig.KAFKA_BROKERS,
    exchangeConfig.KAFKA_TOPIC_PREFIX,
    [Topics.proposal, Topics.rating, Topics.circle],
    90_000,
  );
  await tap.start();

  return {
    api: new Api(`http://127.0.0.1:${gateway.port}`),
    exchanges,
    tap,
    async stop() {
      await tap.stop();
      await gateway.stop();
      redis.disconnect();
      for (const s of [...exchanges, ...catalogs]) await s.stop();
      const url = exchangeConfig.MONGO_URL;
      for (const db of ['catalog', 'exchange']) {
        const conn = await mongoose
          .createConnection(url, { dbName: `${shared.MONGO_DB_PREFIX}${db}` })
          .asPromise();
        await conn.dropDatabase().catch(() => undefined);
        await conn.close();
      }
      const admin = new Kafka({
        brokers: exchangeConfig.KAFKA_BROKERS,
        logLevel: logLevel.NOTHING,
      }).admin();
      await admin.connect();
      const topics = (await admin.listTopics()).filter((t) =>
        t.startsWith(exchangeConfig.KAFKA_TOPIC_PREFIX),
      );
      if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
      await admin.disconnect();
      await rm(imageDir, { recursive: true, force: true });
    },
  };
}

/** Retries when the broker is not ready to describe topics it has just created. */
async function startWithRetry<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await start();
    } catch (err) {
      if (i >= attempts || (err as Error).name !== 'KafkaJSProtocolError') throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}
