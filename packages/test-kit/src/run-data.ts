import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';

/**
 * Deletes a run's topics (every topic under its prefix) from a shared broker: their partitions
 * would otherwise stay there for good, and the broker's periodic work (checkpoints, retention and
 * cleaner passes) goes over every partition it holds, busy or not.
 */
export async function deleteRunTopics(brokers: string, prefix: string): Promise<number> {
  const admin = new Kafka({
    brokers: brokers.split(','),
    clientId: 'run-cleanup',
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3000,
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
    return topics.length;
  } finally {
    await admin.disconnect();
  }
}

/** Drops a run's databases (every one whose name starts with its prefix) from a shared server. */
export async function dropRunDatabases(url: string, prefix: string): Promise<number> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000 });
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    const mine = databases.map((d) => d.name).filter((name) => name.startsWith(prefix));
    for (const name of mine) await client.db(name).dropDatabase();
    return mine.length;
  } finally {
    await client.close();
  }
}
