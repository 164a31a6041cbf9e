import { Topics } from '@swapbooth/contracts';
import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import type { RunningService, RuntimeOverrides } from '@swapbooth/runtime';
import { signTestToken, Api, EventTap } from '@swapbooth/test-kit';
import { loadExchangeConfig, type ExchangeConfig } from '../../src/config';
import type { ExchangeDeps } from '../../src/deps';
import { startExchangeService } from '../../src/service';

export interface Member {
  id: string;
  token: string;
}

/** A new member with a signed access token (ids are unique per call). */
export function newMember(): Member {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id) };
}

export interface Harness {
  api: Api;
  config: Readonly<ExchangeConfig>;
  url: string;
  service: RunningService<ExchangeConfig, ExchangeDeps>;
  /** Publishes events as their producers would, and reads what exchange publishes. */
  tap: EventTap;
  stop(): Promise<void>;
}

/**
 * Starts exchange in this process against the real servers, with its own database and topics (so
 * test files never share consumer groups), and a tap on its topics.
 */
export async function startExchange(
  env: Record<string, string | undefined> = {},
  overrides: RuntimeOverrides = {},
): Promise<Harness> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  const config = loadExchangeConfig({
    ...base,
    MONGO_URL: base.MONGO_URL ?? 'mongodb://127.0.0.1:27017/',
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    KAFKA_PARTITIONS: '1',
    LOG_LEVEL: process.env.EXCHANGE_TEST_LOG_LEVEL ?? 'error',
    ...env,
  });
  const service = await startWithRetry(config, overrides);
  const tap = new EventTap(
    config.KAFKA_BROKERS,
    config.KAFKA_TOPIC_PREFIX,
    [Topics.proposal],
    20_000,
  );
  await tap.start();
  return {
    api: new Api(service.url),
    config,
    url: service.url,
    service,
    tap,
    stop: async () => {
      await tap.stop();
      await service.stop();
      await cleanUp(config);
    },
  };
}

/** Retries when the broker is not ready to describe topics it has just created. */
async function startWithRetry(
  config: Readonly<ExchangeConfig>,
  overrides: RuntimeOverrides,
  attempts = 3,
) {
  for (let i = 1; ; i++) {
    try {
      return await startExchangeService(config, {
        port: 0,
        relay: { pollIntervalMs: 200 },
        ...overrides,
      });
    } catch (err) {
      if (i >= attempts || (err as Error).name !== 'KafkaJSProtocolError') throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

/** Drops what the instance created: its database and its topics. */
async function cleanUp(config: Readonly<ExchangeConfig>): Promise<void> {
  const conn = await mongoose
    .createConnection(config.MONGO_URL, { dbName: `${config.MONGO_DB_PREFIX}exchange` })
    .asPromise();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
  const admin = new Kafka({ brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(config.KAFKA_TOPIC_PREFIX));
  if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.disconnect();
}
