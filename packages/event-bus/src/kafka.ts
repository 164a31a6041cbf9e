import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Kafka, logLevel, type Admin, type LogEntry, type SASLOptions } from 'kafkajs';
import { allTopics, deadLetterTopic } from '@swapbooth/contracts';
import {
  ConfigError,
  type BaseConfig,
  type KafkaSecuritySettings,
  type Logger,
} from '@swapbooth/service-kit';
import { letKafkajsIdle } from './kafkajs-idle';

// Every client this package creates (and any other in the process) sleeps while idle.
letKafkajsIdle();

export interface BusConfig {
  brokers: string[];
  clientId: string;
  /** Prepended to topic and group names so separate runs (tests) never share them. */
  prefix: string;
  partitions: number;
  /** Prepended to consumer-group names only: tests give each test file groups of its own. */
  groupPrefix?: string;
  /** Consumers skip messages published before this time (epoch ms); tests: the file's start. */
  consumeFrom?: number;
  /** The outbox relay's safety sweep, in ms. */
  outboxSweepMs?: number;
  /** How long the broker holds an idle consumer's fetch, in ms. */
  fetchWaitMs?: number;
  /** How long the broker waits for a silent consumer before rebalancing without it, in ms. */
  sessionTimeoutMs?: number;
  /** TLS to the brokers: true for the system's CAs, or options naming the cluster's own CA. */
  ssl?: boolean | ConnectionOptions;
  /** SASL authentication (plain or SCRAM); unset: none. */
  sasl?: SASLOptions;
}

/** Reads a file a setting names; a missing or unreadable one fails the start naming the setting. */
function settingFile(setting: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`${setting}: cannot read ${file} (${(err as Error).message})`);
  }
}

/**
 * The kafkajs `ssl` and `sasl` options of a validated configuration (loadConfig has already
 * refused the settings that do not go together), with the CA and password files read.
 */
export function kafkaSecurityOf(config: KafkaSecuritySettings): Pick<BusConfig, 'ssl' | 'sasl'> {
  const out: Pick<BusConfig, 'ssl' | 'sasl'> = {};
  if (config.KAFKA_SSL) {
    if (config.KAFKA_SSL_CA_FILE) {
      const ca = settingFile('KAFKA_SSL_CA_FILE', config.KAFKA_SSL_CA_FILE);
      if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
        throw new ConfigError(
          `KAFKA_SSL_CA_FILE: ${config.KAFKA_SSL_CA_FILE} holds no PEM certificate`,
        );
      }
      out.ssl = { ca: [ca] };
    } else {
      out.ssl = true;
    }
  }
  if (config.KAFKA_SASL_MECHANISM) {
    const password = config.KAFKA_SASL_PASSWORD_FILE
      ? settingFile('KAFKA_SASL_PASSWORD_FILE', config.KAFKA_SASL_PASSWORD_FILE).trim()
      : (config.KAFKA_SASL_PASSWORD ?? '');
    if (password === '') {
      throw new ConfigError(
        config.KAFKA_SASL_PASSWORD_FILE
          ? `KAFKA_SASL_PASSWORD_FILE: ${config.KAFKA_SASL_PASSWORD_FILE} is empty`
          : 'KAFKA_SASL_PASSWORD: is required when KAFKA_SASL_MECHANISM is set',
      );
    }
    out.sasl = {
      mechanism: config.KAFKA_SASL_MECHANISM,
      username: config.KAFKA_SASL_USERNAME ?? '',
      password,
    } as SASLOptions;
  }
  return out;
}

/** The bus settings of a service's validated configuration. */
export function busConfigOf(
  config: Pick<
    BaseConfig,
    | 'KAFKA_BROKERS'
    | 'KAFKA_TOPIC_PREFIX'
    | 'KAFKA_PARTITIONS'
    | 'KAFKA_GROUP_PREFIX'
    | 'KAFKA_CONSUME_FROM'
    | 'OUTBOX_SWEEP_MS'
    | 'KAFKA_FETCH_WAIT_MS'
    | 'KAFKA_SESSION_TIMEOUT_MS'
    | keyof KafkaSecuritySettings
  >,
  clientId: string,
): BusConfig {
  return {
    brokers: config.KAFKA_BROKERS,
    clientId,
    prefix: config.KAFKA_TOPIC_PREFIX,
    partitions: config.KAFKA_PARTITIONS,
    groupPrefix: config.KAFKA_GROUP_PREFIX,
    ...(config.KAFKA_CONSUME_FROM !== undefined ? { consumeFrom: config.KAFKA_CONSUME_FROM } : {}),
    outboxSweepMs: config.OUTBOX_SWEEP_MS,
    fetchWaitMs: config.KAFKA_FETCH_WAIT_MS,
    sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
    ...kafkaSecurityOf(config),
  };
}

/**
 * Answers kafkajs retries on its own, and that a member learns of a rebalance through: the client
 * acts on each (re-reads the metadata, finds the coordinator again, rejoins the group) and a
 * failure that outlasts its retries surfaces as the producer's, consumer's or admin's own error.
 * Logged at debug, not as errors, since every start meets them while the broker settles: a new
 * topic's partitions answer "not the leader" until their leaders are elected; the group
 * coordinator answers "not available" and then "loading" until its offsets topic is ready; and
 * when two services create the same topics at once, one is told "Topic creation errors" (they
 * already exist), which kafkajs takes as done, and any other creation failure is thrown to
 * ensureTopics.
 */
const ROUTINE_BROKER_ANSWERS = new RegExp(
  [
    'rebalanc',
    'not the leader for that topic-partition',
    'no leader for this topic-partition',
    'leadership election',
    'group coordinator is not available',
    'coordinator is loading',
    'not the correct coordinator',
    '^Topic creation errors$',
  ].join('|'),
  'i',
);

/** The level a kafkajs log line is logged at (undefined: not logged). */
export function kafkaLogLevel({
  namespace,
  level,
  log,
}: Pick<LogEntry, 'namespace' | 'level' | 'log'>): 'debug' | 'warn' | 'error' | undefined {
  if (namespace === 'Connection' && ROUTINE_BROKER_ANSWERS.test(String(log.error ?? '')))
    return 'debug';
  if (level <= logLevel.ERROR) return 'error';
  if (level === logLevel.WARN) return 'warn';
  return undefined;
}

/** A kafkajs client whose log lines go to our logger. */
export function createKafka(cfg: BusConfig, logger: Logger): Kafka {
  const toPino = () => (entry: LogEntry) => {
    const { message, ...extra } = entry.log;
    const level = kafkaLogLevel(entry);
    if (level) logger[level]({ namespace: entry.namespace, ...extra }, message);
  };
  return new Kafka({
    clientId: cfg.clientId,
    brokers: cfg.brokers,
    logLevel: logLevel.WARN,
    logCreator: toPino,
    connectionTimeout: 3000,
    ...(cfg.ssl ? { ssl: cfg.ssl } : {}),
    ...(cfg.sasl ? { sasl: cfg.sasl } : {}),
    retry: { initialRetryTime: 200, retries: 8, maxRetryTime: 5000 },
  });
}

export const topicName = (cfg: Pick<BusConfig, 'prefix'>, topic: string) => `${cfg.prefix}${topic}`;

/**
 * Creates every topic and its dead-letter topic (idempotent) with the configured partitions, and
 * returns once each partition has a leader. When two services create the same topics at once,
 * kafkajs answers the one that finds them already created at once, without waiting for leaders:
 * its consumers would then meet "not the leader" errors and back off for seconds.
 */
export async function ensureTopics(
  kafka: Kafka,
  cfg: BusConfig,
  topics: readonly string[] = allTopics,
  leaderTimeoutMs = 30_000,
): Promise<void> {
  const admin: Admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const wanted = topics.flatMap((t) => [topicName(cfg, t), topicName(cfg, deadLetterTopic(t))]);
    const missing = wanted.filter((t) => !existing.has(t));
    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: cfg.partitions,
          replicationFactor: 1,
        })),
      });
    }
    // Also when none was missing: another service may have just created them.
    await leadersElected(admin, wanted, leaderTimeoutMs);
  } finally {
    await admin.disconnect();
  }
}

/** Waits until every partition of these topics has a leader. */
async function leadersElected(admin: Admin, topics: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let waitingFor = topics;
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      const ready = new Set(
        found
          .filter((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))
          .map((t) => t.name),
      );
      waitingFor = topics.filter((t) => !ready.has(t));
      if (waitingFor.length === 0) return;
    } catch {
      // A topic another service is still creating is not known yet: ask again.
    }
    if (Date.now() > deadline) {
      throw new Error(`Kafka topics without partition leaders: ${waitingFor.join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Lists topics; used by readiness checks to prove the broker answers. */
export async function pingKafka(admin: Admin): Promise<void> {
  await admin.listTopics();
}
