import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import mongoose from 'mongoose';
import { createEvent, topicOf, type EventData, type EventType } from '@swapbooth/contracts';
import { signTestToken } from '@swapbooth/test-kit';
import { loadChatConfig, type ChatConfig } from '../src/config';
import { startChatService } from '../src/service';

export interface Member {
  id: string;
  token: string;
}

export function newMember(): Member {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id) };
}

export interface ChatHarness {
  url: string;
  config: Readonly<ChatConfig>;
  call(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  publish<K extends EventType>(type: K, subject: string, data: EventData<K>): Promise<void>;
  stop(): Promise<void>;
}

/** Starts chat in this process with its own database and topics, and a producer for its inputs. */
export async function startChat(env: Record<string, string> = {}): Promise<ChatHarness> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  const config = loadChatConfig({
    ...base,
    MONGO_URL: base.MONGO_URL ?? 'mongodb://127.0.0.1:27017/',
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    REDIS_KEY_PREFIX: `${base.REDIS_KEY_PREFIX ?? 'test:'}${tag}:`,
    KAFKA_PARTITIONS: '1',
    LOG_LEVEL: 'error',
    ...env,
  });
  const service = await startChatService(config, { port: 0, relay: { pollIntervalMs: 200 } });
  const kafka = new Kafka({ brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING });
  const producer: Producer = kafka.producer();
  await producer.connect();
  return {
    url: service.url,
    config,
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
      await producer.send({
        topic: `${config.KAFKA_TOPIC_PREFIX}${topicOf(type)}`,
        messages: [{ key: subject, value: JSON.stringify(env) }],
      });
    },
    async stop() {
      await producer.disconnect();
      await service.stop();
      const conn = await mongoose
        .createConnection(config.MONGO_URL, { dbName: `${config.MONGO_DB_PREFIX}chat` })
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
