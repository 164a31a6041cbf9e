import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Topics } from '@swapbooth/contracts';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import type { RunningService } from '@swapbooth/runtime';
import {
  Api,
  dropIsolated,
  isolatedEnv,
  startServiceUnderTest,
  type EventTap,
} from '@swapbooth/test-kit';
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
  const base = process.env;
  const isolation = isolatedEnv({ partitions: 2, redisKeys: true });
  const imageDir = path.join(tmpdir(), `swapbooth-replicas-${randomBytes(3).toString('hex')}`);
  const shared = {
    LOG_LEVEL: base.REPLICAS_TEST_LOG_LEVEL ?? 'error',
    SHUTDOWN_TIMEOUT_MS: '3000',
  };
  // One after the other: the first creates the topics the second then finds.
  const catalog = await startServiceUnderTest({
    name: 'catalog',
    loadConfig: loadCatalogConfig,
    start: startCatalogService,
    isolation,
    // Images on local disk: this test is about replicas, not object storage.
    env: { ...shared, S3_ENDPOINT: '', LOCAL_IMAGE_DIR: imageDir, AUTH_URL: 'http://127.0.0.1:9' },
  });
  const exchange = await startServiceUnderTest({
    name: 'exchange',
    loadConfig: loadExchangeConfig,
    start: startExchangeService,
    isolation,
    env: { ...shared, ...exchangeEnv },
  });
  // The second replicas at once: each joins its group, which waits for the first replica to
  // rejoin (its next heartbeat), and the two groups' waits overlap.
  const [catalogReplica, exchangeReplica] = await Promise.all([
    catalog.startReplica(),
    exchange.startReplica(),
  ]);
  const exchanges = [exchange.service, exchangeReplica];

  const redis = createRedis(
    base.REDIS_URL ?? 'redis://127.0.0.1:6379',
    `${isolation.REDIS_KEY_PREFIX}gw:`,
    createLogger('gateway', 'silent'),
  );
  const gatewayConfig = loadGatewayConfig({
    ...base,
    ...isolation,
    ...shared,
    CORS_ORIGIN: 'http://localhost:5173',
    CATALOG_URL: [catalog.url, catalogReplica.url].join(','),
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
  const tap = await exchange.tap([Topics.proposal, Topics.rating, Topics.circle], 90_000);

  return {
    api: new Api(`http://127.0.0.1:${gateway.port}`),
    exchanges,
    tap,
    async stop() {
      await gateway.stop();
      redis.disconnect();
      await Promise.all([exchange.stop() /* and its tap */, catalog.stop()]);
      await dropIsolated(isolation, ['catalog', 'exchange']);
      await rm(imageDir, { recursive: true, force: true });
    },
  };
}
