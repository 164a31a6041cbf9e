import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';

/**
 * Stops the containers global-setup started, if it started any, and deletes the run's topics
 * (their partitions would otherwise stay on the shared broker, which works on every one of them)
 * and databases (the local server may keep them in memory).
 */
export default async function globalTeardown(): Promise<void> {
  await deleteRunTopics().catch((err: unknown) => {
    process.stderr.write(`[test-kit] could not delete this run's topics: ${String(err)}\n`);
  });
  await dropRunDatabases().catch((err: unknown) => {
    process.stderr.write(`[test-kit] could not drop this run's databases: ${String(err)}\n`);
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

async function dropRunDatabases(): Promise<void> {
  const prefix = process.env.MONGO_DB_PREFIX;
  const url = process.env.MONGO_URL;
  if (
    !prefix ||
    !url ||
    !process.env.SWAPBOOTH_TEST_RUN ||
    process.env.SWAPBOOTH_KEEP_DATA === '1'
  ) {
    return;
  }
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000 });
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) {
      if (name.startsWith(prefix)) await client.db(name).dropDatabase();
    }
  } finally {
    await client.close();
  }
}
