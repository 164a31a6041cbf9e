import { Kafka, logLevel, type Admin, type LogEntry } from 'kafkajs';
import { allTopics, deadLetterTopic } from '@swapbooth/contracts';
import type { Logger } from '@swapbooth/service-kit';

export interface BusConfig {
  brokers: string[];
  clientId: string;
  /** Prepended to topic and group names so separate runs (tests) never share them. */
  prefix: string;
  partitions: number;
}

/** A kafkajs client whose log lines go to our logger. */
export function createKafka(cfg: BusConfig, logger: Logger): Kafka {
  const toPino =
    () =>
    ({ namespace, level, log }: LogEntry) => {
      const { message, ...extra } = log;
      if (level <= logLevel.ERROR) logger.error({ namespace, ...extra }, message);
      else if (level === logLevel.WARN) logger.warn({ namespace, ...extra }, message);
    };
  return new Kafka({
    clientId: cfg.clientId,
    brokers: cfg.brokers,
    logLevel: logLevel.WARN,
    logCreator: toPino,
    connectionTimeout: 3000,
    retry: { initialRetryTime: 200, retries: 8, maxRetryTime: 5000 },
  });
}

export const topicName = (cfg: Pick<BusConfig, 'prefix'>, topic: string) => `${cfg.prefix}${topic}`;

/** Creates every topic and its dead-letter topic (idempotent) with the configured partitions. */
export async function ensureTopics(
  kafka: Kafka,
  cfg: BusConfig,
  topics: readonly string[] = allTopics,
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
  } finally {
    await admin.disconnect();
  }
}

/** Lists topics; used by readiness checks to prove the broker answers. */
export async function pingKafka(admin: Admin): Promise<void> {
  await admin.listTopics();
}
