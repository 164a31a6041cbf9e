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
import { ensureTopics, topicName } from '@swapbooth/event-bus';
import { type RunningService } from '@swapbooth/runtime';
import { eventually } from '@swapbooth/test-kit';
import { loadSearchConfig, type SearchConfig } from '../../src/config';
import type { SearchDeps } from '../../src/deps';
import { startSearchService } from '../../src/service';
import { Api } from './http';

export interface PublishOptions {
  /** Kafka key and envelope subject; defaults to the aggregate id found in the payload. */
  subject?: string;
  /** Overrides when the event happened (events without versions are ordered by it). */
  occurredAt?: Date;
}

export interface SearchHarness {
  api: Api;
  config: Readonly<SearchConfig>;
  service: RunningService<SearchConfig, SearchDeps>;
  /** Publishes an event the way its producing service does; resolves to the envelope sent. */
  publish<K extends EventType>(
    type: K,
    data: EventData<K>,
    opts?: PublishOptions,
  ): Promise<EventEnvelope<K>>;
  /** Sends an envelope as is (a redelivery keeps its id). */
  send(envelope: EventEnvelope): Promise<void>;
  /** Waits until the search consumer has handled (or skipped as a duplicate) an event. */
  handled(envelope: EventEnvelope): Promise<void>;
  /** Stops and starts the service on the same database and topics. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function subjectOf(data: Record<string, unknown>): string {
  for (const key of ['productId', 'boothId', 'ratingId', 'userId']) {
    const value = data[key];
    if (typeof value === 'string') return value;
  }
  throw new Error('no aggregate id in the event payload');
}

/**
 * Starts search in this process against the real servers. Each test file gets topics and a
 * database of its own under the run's prefixes: the service's consumer group is named after the
 * service, so two files sharing topics would split the partitions between them.
 */
export async function startSearch(env: Record<string, string> = {}): Promise<SearchHarness> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  const config = loadSearchConfig({
    ...base,
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    KAFKA_PARTITIONS: '3',
    LOG_LEVEL: base.SEARCH_TEST_LOG_LEVEL ?? 'error',
    ...env,
  });
  const bus = { prefix: config.KAFKA_TOPIC_PREFIX };
  const kafka = new Kafka({
    brokers: config.KAFKA_BROKERS,
    clientId: 'search-test',
    logLevel: logLevel.NOTHING,
  });
  await createTopics(kafka, config);
  let service = await startSearchService(config, { port: 0 });
  const producer: Producer = kafka.producer();
  await producer.connect();

  const send = async (envelope: EventEnvelope): Promise<void> => {
    await producer.send({
      topic: topicName(bus, topicOf(envelope.type)),
      messages: [{ key: envelope.subject, value: JSON.stringify(envelope) }],
    });
  };

  const harness: SearchHarness = {
    api: new Api(service.url),
    config,
    service,
    async publish(type, data, opts = {}) {
      const subject = opts.subject ?? subjectOf(data as Record<string, unknown>);
      const envelope = createEvent(type, data, { producer: 'test', subject });
      if (opts.occurredAt) envelope.occurredAt = opts.occurredAt.toISOString();
      await send(envelope);
      return envelope;
    },
    send,
    async handled(envelope) {
      const processed = service.ctx.conn.collection<{ _id: string }>('processed_events');
      await eventually(() => processed.findOne({ _id: `search:${envelope.id}` }), 15_000);
    },
    async restart() {
      await service.stop();
      service = await startSearchService(config, { port: 0 });
      harness.service = service;
      harness.api = new Api(service.url);
    },
    async stop() {
      await producer.disconnect();
      await service.stop();
      await cleanUp(config);
    },
  };
  return harness;
}

/**
 * Creates the instance's topics before the service starts. While other test runs create and
 * delete topics, the broker can briefly answer "unknown topic" for a topic it just created, and
 * kafkajs only waits out "leader not available"; the service would fail to start on it.
 */
async function createTopics(kafka: Kafka, config: Readonly<SearchConfig>): Promise<void> {
  const bus = {
    brokers: config.KAFKA_BROKERS,
    clientId: 'search-test',
    prefix: config.KAFKA_TOPIC_PREFIX,
    partitions: config.KAFKA_PARTITIONS,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureTopics(kafka, bus);
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** Drops what the instance created: its database and its topics. */
async function cleanUp(config: Readonly<SearchConfig>): Promise<void> {
  const conn = await mongoose
    .createConnection(config.MONGO_URL, { dbName: `${config.MONGO_DB_PREFIX}search` })
    .asPromise();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
  const kafka = new Kafka({ brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(config.KAFKA_TOPIC_PREFIX));
  if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.disconnect();
}
