import { Topics } from '@swapbooth/contracts';
import { randomBytes } from 'node:crypto';
import {
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { signTestToken, Api } from '@swapbooth/test-kit';
import { loadCatalogConfig, type CatalogConfig } from '../../src/config';
import type { RunningService } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../src/deps';
import { startCatalogService } from '../../src/service';
import { AuthStub } from './auth-stub';

export interface Member {
  id: string;
  token: string;
}

/** A new member with a signed access token (ids are unique per call). */
export function newMember(): Member {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id) };
}

/** The topics catalog publishes on, for an EventTap of a test's catalog instance. */
export const catalogTopics = [Topics.product, Topics.booth, Topics.report];

export interface Harness {
  api: Api;
  auth: AuthStub;
  config: Readonly<CatalogConfig>;
  url: string;
  /** The Kafka topic prefix of this instance. */
  topicPrefix: string;
  /** The running service itself, for tests about its connections. */
  service: RunningService<CatalogConfig, CatalogDeps>;
  stop(): Promise<void>;
}

/**
 * Starts catalog in this process against the real servers, with its own database, topics and
 * bucket (so test files never share consumer groups), and the auth stand-in for address lookups.
 */
export async function startCatalog(env: Record<string, string | undefined> = {}): Promise<Harness> {
  const tag = randomBytes(3).toString('hex');
  const auth = new AuthStub();
  await auth.start();
  const base = process.env;
  const config = loadCatalogConfig({
    ...base,
    MONGO_URL: base.MONGO_URL ?? 'mongodb://127.0.0.1:27017/',
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    KAFKA_PARTITIONS: '1',
    S3_BUCKET: `${(base.SWAPBOOTH_TEST_RUN ?? 'test').toLowerCase()}-${tag}`,
    AUTH_URL: auth.url,
    LOG_LEVEL: process.env.CATALOG_TEST_LOG_LEVEL ?? 'error',
    ...env,
  });
  const service = await startWithRetry(config).catch(async (err: unknown) => {
    await auth.stop();
    throw err;
  });
  return {
    api: new Api(service.url),
    auth,
    config,
    url: service.url,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    service,
    stop: async () => {
      await service.stop();
      await auth.stop();
      await cleanUp(config);
    },
  };
}

/**
 * Starts the service, retrying when the broker is not ready to describe topics it has just created
 * (kafkajs reports "does not host this topic-partition" while a busy broker catches up).
 */
async function startWithRetry(config: Readonly<CatalogConfig>, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await startCatalogService(config, { port: 0, relay: { pollIntervalMs: 200 } });
    } catch (err) {
      if (i >= attempts || (err as Error).name !== 'KafkaJSProtocolError') throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

/** Drops what the instance created: its database, its topics and its bucket. */
async function cleanUp(config: Readonly<CatalogConfig>): Promise<void> {
  const conn = await mongoose
    .createConnection(config.MONGO_URL, {
      dbName: `${config.MONGO_DB_PREFIX}catalog`,
    })
    .asPromise();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
  const kafka = new Kafka({ brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(config.KAFKA_TOPIC_PREFIX));
  if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.disconnect();
  if (config.S3_ENDPOINT) await dropBucket(config);
}

async function dropBucket(config: Readonly<CatalogConfig>): Promise<void> {
  const s3 = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    credentials: {
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    },
  });
  const Bucket = config.S3_BUCKET;
  try {
    for (;;) {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket }));
      const keys = (listed.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length === 0) break;
      await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
    }
    await s3.send(new DeleteBucketCommand({ Bucket }));
  } catch {
    // best effort
  } finally {
    s3.destroy();
  }
}
