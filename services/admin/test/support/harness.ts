import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import {
  createEvent,
  topicOf,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import { signTestToken, bearer } from '@swapbooth/test-kit';
import { loadAdminConfig, type AdminConfig } from '../../src/config';
import type { AdminDeps } from '../../src/deps';
import { parsePermissions, type AdminRole } from '../../src/domain/admin-user';
import { createAdmin } from '../../src/domain/sign-in';
import { startAdminService } from '../../src/service';

export const PASSWORD = 'admin-password-long-enough';

/** The run's database server (each service keeps the driver's ordinary connection pool). */
export const mongoUrl = () => process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';

export const uniqueEmail = (tag = 'admin') =>
  `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`;

export type AdminService = RunningService<AdminConfig, AdminDeps>;

/**
 * Databases and topics of this test file's own (under the run's prefixes), so the dashboard's
 * counts see only what the file did; every service the file starts gets the same settings.
 */
export function isolatedEnv(): Record<string, string> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  return {
    MONGO_URL: mongoUrl(),
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    KAFKA_PARTITIONS: '1',
  };
}

/** Starts the admin service in this process. */
export async function startAdmin(env: Record<string, string> = {}): Promise<AdminService> {
  return startAdminService(loadAdminConfig({ ...process.env, MONGO_URL: mongoUrl(), ...env }), {
    port: 0,
    relay: { pollIntervalMs: 200 },
  });
}

/** Drops what a file's isolated settings created: its databases and topics. */
export async function dropIsolated(env: Record<string, string>): Promise<void> {
  const client = await new MongoClient(
    process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/',
  ).connect();
  try {
    const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
    for (const d of databases.filter((x) => x.name.startsWith(env.MONGO_DB_PREFIX!))) {
      await client
        .db(d.name)
        .dropDatabase()
        .catch(() => undefined);
    }
  } finally {
    await client.close();
  }
  const kafka = new Kafka({
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(env.KAFKA_TOPIC_PREFIX!));
  if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.disconnect();
}

/** Publishes events as their producing services would, on the file's topics. */
export class Publisher {
  private readonly producer: Producer;

  constructor(private readonly prefix: string) {
    const kafka = new Kafka({
      brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
      logLevel: logLevel.NOTHING,
    });
    this.producer = kafka.producer();
  }

  start = () => this.producer.connect();
  stop = () => this.producer.disconnect();

  event<K extends EventType>(
    type: K,
    subject: string,
    data: EventData<K>,
    occurredAt?: Date,
  ): EventEnvelope<K> {
    const e = createEvent(type, data, { producer: 'test', subject });
    return occurredAt ? { ...e, occurredAt: occurredAt.toISOString() } : e;
  }

  async send(...events: EventEnvelope[]): Promise<void> {
    for (const e of events) {
      await this.producer.send({
        topic: `${this.prefix}${topicOf(e.type)}`,
        messages: [{ key: e.subject, value: JSON.stringify(e) }],
      });
    }
  }
}

export interface SignedInAdmin {
  id: string;
  email: string;
  token: string;
}

/** Creates an admin account directly (as the CLI does) and signs it in over HTTP. */
export async function newAdmin(
  svc: AdminService,
  role: AdminRole,
  areas = '',
): Promise<SignedInAdmin> {
  const email = uniqueEmail(role);
  const created = await createAdmin(svc.deps, {
    email,
    role,
    permissions: parsePermissions(areas),
    password: PASSWORD,
  });
  const res = await request(svc.url).post('/api/admin/login').send({ email, password: PASSWORD });
  if (res.status !== 200)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: created.id, email, token: res.body.data.adminToken as string };
}

/** A member access token (auth's kind), for proving admin routes refuse it. */
export const memberToken = (userId = `u${randomBytes(6).toString('hex')}`) => signTestToken(userId);

export { bearer };

/** Reads what is published on one of the file's topics, as a consumer would. */
export class Tap {
  private readonly consumer: Consumer;
  readonly seen: EventEnvelope[] = [];

  constructor(
    private readonly prefix: string,
    private readonly topic: string,
  ) {
    const kafka = new Kafka({
      brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
      logLevel: logLevel.NOTHING,
    });
    this.consumer = kafka.consumer({
      groupId: `${prefix}tap-${randomBytes(3).toString('hex')}`,
      maxWaitTimeInMs: 100,
    });
  }

  async start(): Promise<void> {
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [`${this.prefix}${this.topic}`], fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        this.seen.push(JSON.parse(message.value!.toString()) as EventEnvelope);
      },
    });
  }

  stop = () => this.consumer.disconnect();
}
