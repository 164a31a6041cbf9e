import { randomBytes } from 'node:crypto';
import type { EventData, EventType } from '@swapbooth/contracts';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import { dropIsolated, isolatedEnv, startServiceUnderTest } from '@swapbooth/test-kit';
import { buildGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { loadChatConfig } from '../../services/chat/src/config';
import { startChatService } from '../../services/chat/src/service';
import { loadNotificationConfig } from '../../services/notification/src/config';
import { startNotificationService } from '../../services/notification/src/service';

/**
 * Chat, two notification processes and two gateways (gateway i proxies to notification i), on
 * one database prefix, topic prefix and Redis prefix: what a scaled-out deployment looks like.
 */
export interface RealtimeStack {
  gateways: string[];
  publish<K extends EventType>(type: K, subject: string, data: EventData<K>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * isolatedEnv's settings (Redis keys too), except that a database server or prefix the caller
 * names (its own Redis's key prefix, say) takes the place of the run's.
 */
function isolatedUnder(env: Record<string, string>): Record<string, string> {
  const tag = randomBytes(3).toString('hex');
  const under = (key: string, separator: string) =>
    env[key] ? { [key]: `${env[key]}${tag}${separator}` } : {};
  return {
    ...isolatedEnv({ redisKeys: true }),
    ...(env.MONGO_URL ? { MONGO_URL: env.MONGO_URL } : {}),
    ...under('MONGO_DB_PREFIX', '_'),
    ...under('KAFKA_TOPIC_PREFIX', '.'),
    ...under('REDIS_KEY_PREFIX', ':'),
  };
}

/** replicas: how many notification processes, each with a gateway in front (at least one). */
export async function startRealtimeStack(
  replicas = 2,
  env: Record<string, string> = {},
): Promise<RealtimeStack> {
  const isolation = isolatedUnder(env);
  const settings = { ...env, ...isolation, SHUTDOWN_TIMEOUT_MS: '2000' };
  // One after the other: the first creates the topics the others then find.
  const chat = await startServiceUnderTest({
    name: 'chat',
    loadConfig: loadChatConfig,
    start: startChatService,
    isolation,
    env: settings,
  });
  const notification = await startServiceUnderTest({
    name: 'notification',
    loadConfig: loadNotificationConfig,
    start: startNotificationService,
    isolation,
    env: settings,
  });
  const notifications = [notification.service];
  while (notifications.length < replicas) notifications.push(await notification.startReplica());

  const redis = createRedis(
    env.REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    `${isolation.REDIS_KEY_PREFIX}gw:`,
    createLogger('gateway', 'silent'),
  );
  const gateways: RunningServer[] = [];
  for (const n of notifications) {
    const config = loadGatewayConfig({
      ...process.env,
      ...settings,
      LOG_LEVEL: 'error',
      CHAT_URL: chat.url,
      NOTIFICATION_URL: n.url,
    });
    const logger = createLogger('gateway', 'silent');
    const app = buildGateway({
      config,
      logger,
      redis,
      publicKey: readPublicKey(config),
      accessLog: false,
    });
    gateways.push(
      await serve({
        app,
        port: 0,
        host: '127.0.0.1',
        logger,
        shutdownTimeoutMs: 1000,
        onStop: [() => app.closeClients()],
      }),
    );
  }
  const publisher = await chat.publisher();

  return {
    gateways: gateways.map((g) => `http://127.0.0.1:${g.port}`),
    async publish(type, subject, data) {
      await publisher.publish(type, subject, data);
    },
    async stop() {
      for (const g of gateways) await g.stop();
      await notification.stop(); // and its replicas
      await chat.stop(); // and its publisher
      redis.disconnect();
      const brokers = chat.config.KAFKA_BROKERS.join(',');
      await dropIsolated({ ...isolation, KAFKA_BROKERS: brokers }, ['chat', 'notification']);
    },
  };
}
