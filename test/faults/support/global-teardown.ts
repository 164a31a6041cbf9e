import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { infraSync, instanceName, repoRoot } from './instance';
import { releaseInstanceLock } from './lock';

/**
 * Stops the private servers this run started (KEEP_INFRA=1 or FAULTS_KEEP_INFRA=1 leaves them up
 * for the next run); servers of the instance that were already up stay up.
 */
export default async function globalTeardown(): Promise<void> {
  try {
    stopStarted();
  } finally {
    releaseInstanceLock();
  }
}

function stopStarted(): void {
  const record = path.join(
    repoRoot,
    'infra/local/.run/instances',
    instanceName,
    'started-by-faults',
  );
  if (!existsSync(record)) return;
  const started = [...new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean))];
  if (process.env.KEEP_INFRA === '1' || process.env.FAULTS_KEEP_INFRA === '1') return;
  rmSync(record);
  if (started.length > 0) infraSync('down', ...started);
}
