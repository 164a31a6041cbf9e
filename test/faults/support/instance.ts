import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export const repoRoot = path.resolve(__dirname, '../../..');
const script = path.join(repoRoot, 'infra/local/infra.sh');

/**
 * The fault suite's private servers: an instance of infra/local (SWAPBOOTH_INFRA_INSTANCE) with its
 * own data and ports, so stopping, restarting or slowing them never touches the shared servers other
 * tests use. FAULTS_INFRA_INSTANCE picks another instance (it then needs SWAPBOOTH_INFRA_PORT_OFFSET).
 */
export const instanceName = process.env.FAULTS_INFRA_INSTANCE ?? 'faults';

export type ServerName = 'redis' | 'mongo' | 'kafka' | 'stripe-mock' | 'minio' | 'maildev';

const instanceEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  SWAPBOOTH_INFRA_INSTANCE: instanceName,
  SKIP_CHROMIUM: '1',
});

/** Runs infra.sh for the instance; resolves with its output. */
export async function infra(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('bash', [script, ...args], {
    env: instanceEnv(),
    timeout: 5 * 60_000,
  });
  return stdout;
}

export function infraSync(...args: string[]): string {
  return execFileSync('bash', [script, ...args], {
    env: instanceEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 30 * 60_000,
  });
}

/** The instance's connection settings (infra.sh env), as a map. */
export function instanceSettings(): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of infraSync('env').split('\n')) {
    const m = /^export (\w+)=(.*)$/.exec(line.trim());
    if (m?.[1] && m[2] !== undefined) settings[m[1]] = m[2];
  }
  return settings;
}

/** Stops one server of the instance (the shared servers are never named here). */
export const stopServer = (name: ServerName) => infra('down', name);

/** Starts one server of the instance again and waits until it answers. */
export const startServer = (name: ServerName) => infra('up', name);
