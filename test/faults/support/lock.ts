import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { instanceName, repoRoot } from './instance';

const lockFile = path.join(repoRoot, 'infra/local/.run/instances', instanceName, 'faults.lock');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * One fault-suite run at a time per instance: scenarios stop and slow the instance's servers, so a
 * second run on them would see the first one's faults. Waits for a running one to finish.
 */
export async function takeInstanceLock(timeoutMs = 60 * 60_000): Promise<void> {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch {
      const holder = Number(readFileSync(lockFile, 'utf8').trim() || 0);
      if (!holder || !alive(holder)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      if (!told) {
        process.stderr.write(`[faults] waiting for the fault run of pid ${holder} to finish\n`);
        told = true;
      }
      if (Date.now() > deadline)
        throw new Error(`the fault run of pid ${holder} still holds ${lockFile}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

export function releaseInstanceLock(): void {
  try {
    if (Number(readFileSync(lockFile, 'utf8').trim()) === process.pid) rmSync(lockFile);
  } catch {
    /* not held */
  }
}
