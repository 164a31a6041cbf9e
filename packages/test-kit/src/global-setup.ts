import { ensureInfra, ensureTestKeys, newRunId } from './infra';
import { dockerEngineAvailable, startContainers } from './testcontainers';

/**
 * Jest global setup for component tests: makes sure the real servers answer, then gives this run
 * its own database and topic prefix and its own signing keys, so tests never touch `npm start` data.
 */
export default async function globalSetup(): Promise<void> {
  // With SWAPBOOTH_TESTCONTAINERS=1 and a Docker engine, the servers run in containers for this run;
  // otherwise the local ones (infra/local) or those given by configuration are used.
  let settings: Record<string, string>;
  if (process.env.SWAPBOOTH_TESTCONTAINERS === '1' && dockerEngineAvailable()) {
    const started = await startContainers();
    (globalThis as { __swapboothContainers?: () => Promise<void> }).__swapboothContainers =
      started.stop;
    settings = started.env;
  } else {
    settings = ensureInfra();
  }
  for (const [k, v] of Object.entries(settings)) process.env[k] ??= v;
  const runId = process.env.SWAPBOOTH_TEST_RUN ?? newRunId();
  process.env.SWAPBOOTH_TEST_RUN = runId;
  process.env.MONGO_DB_PREFIX = `${runId}_`;
  process.env.KAFKA_TOPIC_PREFIX = `${runId}.`;
  process.env.REDIS_KEY_PREFIX = `${runId}:`;
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL ??= 'error';
  // A started service has joined its consumer groups, so a test's first event never races the join.
  process.env.KAFKA_CONSUMERS_START ??= 'before-http';
  // Payments run in the local sandbox unless a test brings a Stripe key (the sandbox is opt-in).
  process.env.PAYMENT_SANDBOX ??= 'true';
  const keys = ensureTestKeys(runId);
  process.env.JWT_PUBLIC_KEY_FILE = keys.publicKeyFile;
  process.env.JWT_PRIVATE_KEY_FILE = keys.privateKeyFile;
}
