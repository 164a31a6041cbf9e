import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  createLogger,
  createRedis,
  readPublicKey,
  revocationChecker,
  verifyToken,
  type TokenVerifierOptions,
} from '@swapbooth/service-kit';
import { freePort, waitForMail } from '@swapbooth/test-kit';
import { writeSection } from './results';
import { waitUntilReady } from './support/stack';

/**
 * npm run bench:auth — sign-in throughput and latency at the argon2id parameters in use
 * (OWASP baseline: 19 MiB, t=2, p=1), and what verifying a token costs the gateway.
 */
const root = path.resolve(__dirname, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function main() {
  const run = `bench${Date.now().toString(36)}`;
  const authPort = await freePort();
  const notificationPort = await freePort();
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    MONGO_DB_PREFIX: `${run}_`,
    KAFKA_TOPIC_PREFIX: `${run}.`,
    REDIS_KEY_PREFIX: `${run}:`,
    KAFKAJS_NO_PARTITIONER_WARNING: '1',
  };
  const children: ChildProcess[] = [
    spawn(process.execPath, [path.join(root, 'services/notification/dist/main.js')], {
      env: { ...env, PORT: String(notificationPort) },
      stdio: 'inherit',
    }),
    spawn(process.execPath, [path.join(root, 'services/auth/dist/main.js')], {
      env: { ...env, PORT: String(authPort) },
      stdio: 'inherit',
    }),
  ];
  try {
    const base = `http://127.0.0.1:${authPort}`;
    await waitUntilReady(`${base}/readyz`);
    await waitUntilReady(`http://127.0.0.1:${notificationPort}/readyz`);

    const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'a long bench password';
    await post(`${base}/api/auth/register`, { email, password, authMethod: 'email' });
    const mail = await waitForMail(email, /code/i, 15000);
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
    const verified = await post(`${base}/api/auth/verify-otp`, { email, otp });
    const token = ((await verified.json()) as { data: { token: string } }).data.token;

    // 8 concurrent clients for DURATION seconds; every latency recorded, so p95 is exact.
    const latencies: number[] = [];
    let failures = 0;
    const deadline = Date.now() + DURATION * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < deadline) {
          const t0 = performance.now();
          const res = await post(`${base}/api/auth/login`, { email, password });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status !== 200) failures++;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    const login = { rps: latencies.length / seconds, p50: pct(0.5), p95: pct(0.95), failures };

    // Token verification as the gateway does it: RS256 signature + claims, then the Redis deny-list.
    const logger = createLogger('bench', 'silent');
    const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', `${run}:`, logger);
    const opts: TokenVerifierOptions = {
      publicKey: readPublicKey({ JWT_PUBLIC_KEY_FILE: process.env.JWT_PUBLIC_KEY_FILE }),
      issuer: 'swapbooth-auth',
      audience: 'swapbooth-api',
      type: 'access',
    };
    const isRevoked = revocationChecker(redis);
    const N = 20000;
    for (let i = 0; i < 2000; i++) verifyToken(token, opts);
    let t = process.hrtime.bigint();
    for (let i = 0; i < N; i++) verifyToken(token, opts);
    const verifyUs = Number(process.hrtime.bigint() - t) / 1000 / N;
    const M = 5000;
    const p = verifyToken(token, opts);
    t = process.hrtime.bigint();
    for (let i = 0; i < M; i++) await isRevoked(p);
    const denyUs = Number(process.hrtime.bigint() - t) / 1000 / M;
    redis.disconnect();

    const body = `
Sign-in (\`POST /api/auth/login\`, e-mail + password) straight at the auth service, 8 concurrent clients, ${DURATION} s.
argon2id parameters: memory 19 MiB (19456 KiB), 2 iterations, parallelism 1 (OWASP baseline). Public key: RS256 2048-bit.

| measure | value |
|---|---|
| sign-ins per second | ${login.rps.toFixed(1)} |
| p50 latency | ${login.p50.toFixed(1)} ms |
| p95 latency | ${login.p95.toFixed(1)} ms |
| failed sign-ins | ${login.failures} |
| token verification (RS256 + claims), per token | ${verifyUs.toFixed(1)} µs (${Math.round(1e6 / verifyUs)} per second per core) |
| deny-list check in Redis (one MGET), per request, sequential | ${denyUs.toFixed(1)} µs |

Sign-in is bound by argon2 by design (${login.rps.toFixed(0)} per second on this machine's cores). Token checks at the gateway cost ${(verifyUs + denyUs).toFixed(0)} µs a request.
`;
    writeSection('auth', body);
    console.log(body);
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
