import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import type { TopicName } from '@swapbooth/contracts';
import { ensureTopics } from '@swapbooth/event-bus';
import { Api } from './api';
import { EventPublisher } from './event-publisher';
import { EventTap } from './event-tap';

/** Settings as a service's loadConfig reads them (undefined: not set). */
export type Env = Record<string, string | undefined>;

/** The run's database server (each service keeps the driver's ordinary connection pool). */
export const mongoUrl = () => process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';

/** The run's Kafka brokers. */
export const kafkaBrokers = () => (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

export interface IsolatedEnvOptions {
  /** Partitions of each topic: 1 unless the test is about several consumers of one group. */
  partitions?: number;
  /** Redis keys of its own too (for services that keep limits, streams or caches there). */
  redisKeys?: boolean;
}

/**
 * Databases and topics (and Redis keys) of one's own under the run's prefixes. A service's
 * consumer group is named after the service, so two test files sharing topics would split the
 * partitions between them; every service a test starts with these settings shares them.
 */
export function isolatedEnv(options: IsolatedEnvOptions = {}): Record<string, string> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  return {
    MONGO_URL: mongoUrl(),
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    ...(options.redisKeys
      ? { REDIS_KEY_PREFIX: `${base.REDIS_KEY_PREFIX ?? 'test:'}${tag}:` }
      : {}),
    KAFKA_PARTITIONS: String(options.partitions ?? 1),
  };
}

/**
 * Drops what isolated settings created: the named databases under MONGO_DB_PREFIX (without
 * names, every database under it) and every topic under KAFKA_TOPIC_PREFIX (on KAFKA_BROKERS,
 * else the run's brokers).
 */
export async function dropIsolated(env: Env, databases?: readonly string[]): Promise<void> {
  const dbPrefix = env.MONGO_DB_PREFIX!;
  const conn = await mongoose.createConnection(env.MONGO_URL ?? mongoUrl()).asPromise();
  try {
    const names =
      databases?.map((d) => `${dbPrefix}${d}`) ??
      (await conn.db!.admin().listDatabases({ nameOnly: true })).databases
        .map((d) => d.name)
        .filter((name) => name.startsWith(dbPrefix));
    for (const name of names) {
      await conn
        .useDb(name)
        .dropDatabase()
        .catch(() => undefined);
    }
  } finally {
    await conn.close();
  }
  const topicPrefix = env.KAFKA_TOPIC_PREFIX!;
  const brokers = env.KAFKA_BROKERS?.split(',') ?? kafkaBrokers();
  const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(topicPrefix));
    if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Starts a service, retrying when the broker is not ready to describe topics it has just created
 * (kafkajs reports "does not host this topic-partition" while a busy broker catches up).
 */
export async function startWithRetry<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await start();
    } catch (err) {
      if (i >= attempts || (err as Error).name !== 'KafkaJSProtocolError') throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

/**
 * Creates every topic under a prefix before a service starts. While other test runs create and
 * delete topics, the broker can briefly answer "unknown topic" for a topic it just created, and
 * kafkajs only waits out "leader not available"; a service would fail to start on it.
 */
export async function createTopics(
  config: {
    KAFKA_BROKERS: readonly string[];
    KAFKA_TOPIC_PREFIX: string;
    KAFKA_PARTITIONS: number;
  },
  attempts = 5,
): Promise<void> {
  const bus = {
    brokers: [...config.KAFKA_BROKERS],
    clientId: 'test-topics',
    prefix: config.KAFKA_TOPIC_PREFIX,
    partitions: config.KAFKA_PARTITIONS,
  };
  const kafka = new Kafka({
    brokers: bus.brokers,
    clientId: bus.clientId,
    logLevel: logLevel.NOTHING,
  });
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureTopics(kafka, bus);
      return;
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** What every service's start function takes from a test: any port, and a quick outbox relay. */
export interface TestOverrides {
  port: number;
  relay: { pollIntervalMs: number };
}

/** What the test kit needs of a service's loaded configuration. */
export interface IsolatedConfig {
  MONGO_URL: string;
  MONGO_DB_PREFIX: string;
  KAFKA_BROKERS: readonly string[];
  KAFKA_TOPIC_PREFIX: string;
  KAFKA_PARTITIONS: number;
}

/** What the test kit needs of a started service. */
export interface StartedService {
  url: string;
  stop(): Promise<void>;
}

export interface ServiceUnderTestOptions<C extends IsolatedConfig, S extends StartedService> {
  /** The service's name: its database is `<MONGO_DB_PREFIX><name>`, and its log level is read from `<NAME>_TEST_LOG_LEVEL` (default error). */
  name: string;
  /** The service's own config loader (the one its entry point uses). */
  loadConfig: (env: Env) => Readonly<C>;
  /** Starts the service in this process (its entry point's start function). */
  start: (config: Readonly<C>, overrides: TestOverrides) => Promise<S>;
  /** Settings over the run's and the isolated ones: the service's test defaults, then the test's. */
  env?: Env;
  /**
   * Where the instance keeps its data. `own` (the default): databases and topics of its own (see
   * isolatedEnv), dropped at stop. `run`: the test run's, which the file's other helpers read;
   * nothing is dropped. Settings from isolatedEnv(): shared with other services the test starts;
   * whoever made them drops them (dropIsolated).
   */
  isolation?: 'own' | 'run' | Record<string, string>;
  /** With isolation `own`: how the settings are made. */
  isolated?: IsolatedEnvOptions;
  /** Creates the instance's topics before the service starts (see createTopics). */
  createTopics?: boolean;
  /** Runs at stop, after the service and its replicas have stopped (stand-ins, buckets). */
  onStop?: () => Promise<void>;
}

export interface ServiceUnderTest<C, S> {
  config: Readonly<C>;
  /** The running service (a new one after restart()). */
  service: S;
  url: string;
  api: Api;
  /** Another process of the same service: same database, topics and Redis; stopped with it. */
  startReplica(): Promise<S>;
  /** Stops the service and starts it again on the same database and topics. */
  restart(): Promise<S>;
  /** A producer onto the instance's topics (one per instance, closed at stop). */
  publisher(): Promise<EventPublisher>;
  /** A started tap on some of the instance's topics, stopped at stop. */
  tap(topics: readonly TopicName[], timeoutMs?: number): Promise<EventTap>;
  /** Stops taps, publisher, replicas and the service; then drops what it created. */
  stop(): Promise<void>;
}

/**
 * Starts one service in this process against the real servers, as its component tests want it:
 * config loaded by the service's own loader on databases and topics of its own (unique per test
 * file, so files never share consumer groups), started on any port with retries while the broker
 * catches up, and with one stop() that drops what the instance created. A service's test harness
 * is this call plus what is specific to the service:
 *
 *     const sut = await startServiceUnderTest({
 *       name: 'exchange',
 *       loadConfig: loadExchangeConfig,
 *       start: startExchangeService,
 *       env: { PROPOSAL_SWEEP_MS: '300' },
 *     });
 *     const tap = await sut.tap([Topics.proposal]);
 */
export async function startServiceUnderTest<C extends IsolatedConfig, S extends StartedService>(
  options: ServiceUnderTestOptions<C, S>,
): Promise<ServiceUnderTest<C, S>> {
  const { name, isolation = 'own' } = options;
  const isolated =
    isolation === 'own'
      ? isolatedEnv(options.isolated)
      : isolation === 'run'
        ? { MONGO_URL: mongoUrl() }
        : isolation;
  const base = process.env;
  const config = options.loadConfig({
    ...base,
    ...isolated,
    LOG_LEVEL: base[`${name.toUpperCase()}_TEST_LOG_LEVEL`] ?? 'error',
    ...options.env,
  });
  const overrides: TestOverrides = { port: 0, relay: { pollIntervalMs: 200 } };
  const start = () => startWithRetry(() => options.start(config, overrides));
  if (options.createTopics) await createTopics(config);
  const first = await start();

  const replicas: S[] = [];
  const closers: Array<() => Promise<void>> = [];
  let publisher: Promise<EventPublisher> | undefined;
  const sut: ServiceUnderTest<C, S> = {
    config,
    service: first,
    url: first.url,
    api: new Api(first.url),
    async startReplica() {
      const replica = await start();
      replicas.push(replica);
      return replica;
    },
    async restart() {
      await sut.service.stop();
      sut.service = await start();
      sut.url = sut.service.url;
      sut.api = new Api(sut.url);
      return sut.service;
    },
    publisher() {
      publisher ??= (async () => {
        const p = new EventPublisher(config.KAFKA_BROKERS, config.KAFKA_TOPIC_PREFIX);
        await p.start();
        closers.push(p.stop);
        return p;
      })();
      return publisher;
    },
    async tap(topics, timeoutMs) {
      const tap = new EventTap(
        [...config.KAFKA_BROKERS],
        config.KAFKA_TOPIC_PREFIX,
        topics,
        timeoutMs,
      );
      await tap.start();
      closers.push(() => tap.stop());
      return tap;
    },
    async stop() {
      for (const close of closers.reverse()) await close();
      for (const r of replicas) await r.stop();
      await sut.service.stop();
      await options.onStop?.();
      if (isolation !== 'own') return;
      const { MONGO_URL, MONGO_DB_PREFIX, KAFKA_BROKERS, KAFKA_TOPIC_PREFIX } = config;
      const drop = {
        MONGO_URL,
        MONGO_DB_PREFIX,
        KAFKA_TOPIC_PREFIX,
        KAFKA_BROKERS: KAFKA_BROKERS.join(','),
      };
      await dropIsolated(drop, [name]);
    },
  };
  return sut;
}
