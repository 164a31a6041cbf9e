import { deleteRunTopics, dropRunDatabases } from './run-data';

/**
 * Stops the containers global-setup started, if it started any, and deletes the run's topics
 * (their partitions would otherwise stay on the shared broker, which works on every one of them)
 * and databases (the local server may keep them in memory).
 */
export default async function globalTeardown(): Promise<void> {
  await deleteThisRunsTopics().catch((err: unknown) => {
    process.stderr.write(`[test-kit] could not delete this run's topics: ${String(err)}\n`);
  });
  await dropThisRunsDatabases().catch((err: unknown) => {
    process.stderr.write(`[test-kit] could not drop this run's databases: ${String(err)}\n`);
  });
  await (globalThis as { __swapboothContainers?: () => Promise<void> }).__swapboothContainers?.();
}

async function deleteThisRunsTopics(): Promise<void> {
  const prefix = process.env.KAFKA_TOPIC_PREFIX;
  const brokers = process.env.KAFKA_BROKERS;
  if (!prefix || !brokers || process.env.SWAPBOOTH_KEEP_TOPICS === '1') return;
  await deleteRunTopics(brokers, prefix);
}

async function dropThisRunsDatabases(): Promise<void> {
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
  await dropRunDatabases(url, prefix);
}
