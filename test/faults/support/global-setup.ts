import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensureTestKeys, newRunId } from '@swapbooth/test-kit';
import { infraSync, instanceName, instanceSettings, repoRoot } from './instance';
import { takeInstanceLock } from './lock';

/**
 * Jest global setup of the fault suite: starts the private servers of its infra/local instance
 * (never the shared ones, which other tests use while this suite stops and slows its own), builds
 * the services it runs as processes, and gives the run its signing keys and name.
 */
export default async function globalSetup(): Promise<void> {
  await takeInstanceLock();
  const record = path.join(
    repoRoot,
    'infra/local/.run/instances',
    instanceName,
    'started-by-faults',
  );
  mkdirSync(path.dirname(record), { recursive: true });
  infraSync('up', '--record', record);
  for (const [k, v] of Object.entries(instanceSettings())) process.env[k] = v;
  if (process.env.FAULTS_SKIP_BUILD !== '1') {
    // The processes run the built code (dist), as npm start runs it.
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/typescript/bin/tsc'),
        '-b',
        ...[
          'exchange',
          'notification',
          'admin',
          'catalog',
          'search',
          'chat',
          'auth',
          'payment',
        ].map((s) => `services/${s}`),
        'gateway',
      ],
      { cwd: repoRoot, stdio: 'inherit' },
    );
  }
  const runId = process.env.FAULTS_RUN ?? `f${newRunId().slice(1)}`;
  process.env.FAULTS_RUN = runId;
  const keys = ensureTestKeys(runId);
  process.env.JWT_PUBLIC_KEY_FILE = keys.publicKeyFile;
  process.env.JWT_PRIVATE_KEY_FILE = keys.privateKeyFile;
  process.env.NODE_ENV = 'test';
  // Payments run in the local sandbox (opt-in since production must never run it).
  process.env.PAYMENT_SANDBOX ??= 'true';
  // Services the scenarios run in this process log errors only (the ones run as processes write
  // their logs to files): a scenario that stops Redis on purpose would otherwise fill the output.
  process.env.LOG_LEVEL ??= 'error';
  process.env.FAULTS_PROFILE ??= 'short';
}
