import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../..');
const runDir = path.join(repoRoot, 'infra/local/.run');

/** Connection settings of the real servers: configured ones win, else the local ones (started if needed). */
export function ensureInfra(): Record<string, string> {
  const script = path.join(repoRoot, 'infra/local/infra.sh');
  const env = { ...process.env, SKIP_CHROMIUM: '1' };
  if (process.env.SWAPBOOTH_INFRA_STARTED !== '1') {
    execFileSync('bash', [script, 'up'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 30 * 60_000,
    });
  }
  const out = execFileSync('bash', [script, 'env'], { env, encoding: 'utf8' });
  const settings: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const m = /^export (\w+)=(.*)$/.exec(line.trim());
    if (m && m[1] && m[2] !== undefined) settings[m[1]] = m[2];
  }
  return settings;
}

/** A key pair for signing test tokens, written once per run. */
export function ensureTestKeys(runId: string): { privateKeyFile: string; publicKeyFile: string } {
  const dir = path.join(runDir, 'test-keys', runId);
  const privateKeyFile = path.join(dir, 'private.pem');
  const publicKeyFile = path.join(dir, 'public.pem');
  if (!existsSync(privateKeyFile)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(privateKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    });
    writeFileSync(publicKeyFile, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return { privateKeyFile, publicKeyFile };
}

export const newRunId = () => `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

export const readText = (file: string) => readFileSync(file, 'utf8');
