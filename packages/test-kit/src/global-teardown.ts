import { Kafka, logLevel } from 'kafkajs';

/**
 * Stops the containers global-setup started, if it started any, and deletes the run's topics
 * (their partitions would otherwise stay on the shared broker, which works on every one of them).
 */
export default async function globalTeardown(): Promise<void> {
  await deleteRunTopics().catch((err: unknown) => {
    process.stderr.write(`[test-kit] could not delete this run's topics: ${String(err)}\n`);
  });
  await (globalThis as { __swapboothContainers?: () => Promise<void> }).__swapboothContainers?.();
}

async function deleteRunTopics(): Promise<void> {
  const prefix = process.env.KAFKA_TOPIC_PREFIX;
  const brokers = process.env.KAFKA_BROKERS;
  if (!prefix || !brokers || process.env.SWAPBOOTH_KEEP_TOPICS === '1') return;
  const admin = new Kafka({
    brokers: brokers.split(','),
    clientId: 'test-teardown',
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3000,
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
  } finally {
    await admin.disconnect();
  }
}
