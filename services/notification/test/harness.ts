import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import mongoose from 'mongoose';
import {
  createEvent,
  topicOf,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import { signTestToken } from '@swapbooth/test-kit';
import { loadNotificationConfig, type NotificationConfig } from '../src/config';
import type { NotificationDeps } from '../src/deps';
import { startNotificationService } from '../src/service';

export interface Member {
  id: string;
  token: string;
  email: string;
}

export function newMember(): Member {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id), email: `${id}@example.test` };
}

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export interface NotificationHarness {
  url: string;
  config: Readonly<NotificationConfig>;
  service: RunningService<NotificationConfig, NotificationDeps>;
  call(method: string, path: string, token?: string, body?: unknown): Promise<Reply>;
  publish<K extends EventType>(
    type: K,
    subject: string,
    data: EventData<K>,
  ): Promise<EventEnvelope<K>>;
  /** Sends an envelope as it is (a redelivery sends the same one again). */
  send(env: EventEnvelope): Promise<void>;
  /** Another process of the same service: same database, topics and Redis. */
  startReplica(): Promise<RunningService<NotificationConfig, NotificationDeps>>;
  stop(): Promise<void>;
}

/** Settings of one isolated instance (its own database, topics and Redis keys). */
export function isolatedConfig(env: Record<string, string> = {}): Readonly<NotificationConfig> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  return loadNotificationConfig({
    ...base,
    MONGO_URL: base.MONGO_URL ?? 'mongodb://127.0.0.1:27017/',
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    REDIS_KEY_PREFIX: `${base.REDIS_KEY_PREFIX ?? 'test:'}${tag}:`,
    KAFKA_PARTITIONS: '1',
    LOG_LEVEL: 'error',
    APP_URL: 'http://app.test',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...env,
  });
}

/** Starts notification in this process against the real servers, with a producer for its inputs. */
export async function startNotification(
  env: Record<string, string> = {},
): Promise<NotificationHarness> {
  const config = isolatedConfig(env);
  const start = () => startNotificationService(config, { port: 0, relay: { pollIntervalMs: 200 } });
  const service = await start();
  const replicas: Array<RunningService<NotificationConfig, NotificationDeps>> = [];
  const kafka = new Kafka({ brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING });
  const producer: Producer = kafka.producer();
  await producer.connect();
  const send = async (env: EventEnvelope) => {
    await producer.send({
      topic: `${config.KAFKA_TOPIC_PREFIX}${topicOf(env.type)}`,
      messages: [{ key: env.subject, value: JSON.stringify(env) }],
    });
  };
  return {
    url: service.url,
    config,
    service,
    async call(method, path, token, body) {
      const res = await fetch(`${service.url}${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? JSON.parse(text) : undefined,
        headers: res.headers,
      };
    },
    async publish(type, subject, data) {
      const env = createEvent(type, data, { producer: 'test', subject });
      await send(env as EventEnvelope);
      return env;
    },
    send,
    async startReplica() {
      const r = await start();
      replicas.push(r);
      return r;
    },
    async stop() {
      await producer.disconnect();
      for (const r of replicas) await r.stop();
      await service.stop();
      const conn = await mongoose
        .createConnection(config.MONGO_URL, { dbName: `${config.MONGO_DB_PREFIX}notification` })
        .asPromise();
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
      const admin = kafka.admin();
      await admin.connect();
      const topics = (await admin.listTopics()).filter((t) =>
        t.startsWith(config.KAFKA_TOPIC_PREFIX),
      );
      if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
      await admin.disconnect();
    },
  };
}

/** What the parties of a proposal event carry. */
export const proposalFacts = (id: string, sender: Member, receiver: Member, actorId?: string) => ({
  proposalId: id,
  senderId: sender.id,
  receiverId: receiver.id,
  productIds: ['r1'],
  offeredProductIds: ['s1'],
  ...(actorId ? { actorId } : {}),
});

export const newProposalId = () => `p${randomBytes(6).toString('hex')}`;
