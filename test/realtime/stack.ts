import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import mongoose from 'mongoose';
import { createEvent, topicOf, type EventData, type EventType } from '@swapbooth/contracts';
import {
  createLogger,
  createRedis,
  readPublicKey,
  serve,
  type RunningServer,
} from '@swapbooth/service-kit';
import type { RunningService } from '@swapbooth/runtime';
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

export async function startRealtimeStack(
  replicas = 2,
  env: Record<string, string> = {},
): Promise<RealtimeStack> {
  const tag = randomBytes(3).toString('hex');
  const base: NodeJS.ProcessEnv = { ...process.env, ...env };
  const shared = {
    ...base,
    MONGO_URL: base.MONGO_URL ?? 'mongodb://127.0.0.1:27017/',
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    REDIS_KEY_PREFIX: `${base.REDIS_KEY_PREFIX ?? 'test:'}${tag}:`,
    KAFKA_PARTITIONS: '1',
    LOG_LEVEL: 'error',
    SHUTDOWN_TIMEOUT_MS: '2000',
  };
  const overrides = { port: 0, relay: { pollIntervalMs: 200 } };
  const chat = await startChatService(loadChatConfig(shared), overrides);
  const notifications: RunningService[] = [];
  for (let i = 0; i < replicas; i++) {
    notifications.push(await startNotificationService(loadNotificationConfig(shared), overrides));
  }
  const gateways: RunningServer[] = [];
  const redis = createRedis(
    base.REDIS_URL ?? 'redis://127.0.0.1:6379',
    `${shared.REDIS_KEY_PREFIX}gw:`,
    createLogger('gateway', 'silent'),
  );
  for (const n of notifications) {
    const config = loadGatewayConfig({ ...shared, CHAT_URL: chat.url, NOTIFICATION_URL: n.url });
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
  const kafka = new Kafka({
    brokers: loadChatConfig(shared).KAFKA_BROKERS,
    logLevel: logLevel.NOTHING,
  });
  const producer: Producer = kafka.producer();
  await producer.connect();
  return {
    gateways: gateways.map((g) => `http://127.0.0.1:${g.port}`),
    async publish(type, subject, data) {
      const env = createEvent(type, data, { producer: 'test', subject });
      await producer.send({
        topic: `${shared.KAFKA_TOPIC_PREFIX}${topicOf(type)}`,
        messages: [{ key: subject, value: JSON.stringify(env) }],
      });
    },
    async stop() {
      await producer.disconnect();
      for (const g of gateways) await g.stop();
      for (const n of notifications) await n.stop();
      await chat.stop();
      redis.disconnect();
      for (const db of ['chat', 'notification']) {
        const conn = await mongoose
          .createConnection(shared.MONGO_URL, { dbName: `${shared.MONGO_DB_PREFIX}${db}` })
          .asPromise();
        await conn.dropDatabase().catch(() => undefined);
        await conn.close();
      }
      const admin = kafka.admin();
      await admin.connect();
      const topics = (await admin.listTopics()).filter((t) =>
        t.startsWith(shared.KAFKA_TOPIC_PREFIX),
      );
      if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
      await admin.disconnect();
    },
  };
}
