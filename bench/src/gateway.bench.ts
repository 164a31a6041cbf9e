import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@swapbooth/test-kit';
import { metricsCost } from './gateway/metrics-cost';
import { writeSection } from './results';
import { run } from './support/autocannon';
import { waitUntilReady } from './support/stack';

/**
 * npm run bench:gateway — the same small GET served directly by a service and through the gateway.
 * Goals: gateway ≥ 0.6× the direct requests per second; ≤ 1 ms added at the median at half of saturation.
 */
const root = path.resolve(__dirname, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Paced runs per path; the middle one is reported. */
const PACED_ROUNDS = Number(process.env.BENCH_PACED_ROUNDS ?? 3);

interface Paced {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Requests sent at an even pace (not in bursts) by 16 workers, every latency recorded: the median
 * at a given load, without the queueing a burst-per-tick rate limiter adds.
 */
async function paced(url: string, rate: number, seconds: number): Promise<Paced> {
  const workers = 16;
  const interval = (workers * 1000) / rate;
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      let next = performance.now() + (w * interval) / workers;
      while (next < end) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const t0 = performance.now();
        try {
          const res = await fetch(url);
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
        next += interval;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), errors };
}

async function main() {
  const children: ChildProcess[] = [];
  // BENCH_PART=metrics: only the metrics and tracing comparison (its section alone is rewritten).
  if (process.env.BENCH_PART === 'metrics') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-gw-'));
    const pub = path.join(dir, 'public.pem');
    writeFileSync(
      pub,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
        type: 'spki',
        format: 'pem',
      }),
    );
    try {
      const body = await metricsCost(
        {
          ...process.env,
          LOG_LEVEL: 'warn',
          JWT_PUBLIC_KEY_FILE: pub,
          REDIS_KEY_PREFIX: `bench-${Date.now()}:`,
          RATE_LIMIT_IP_PER_WINDOW: '100000000',
        },
        children,
        CONNECTIONS,
      );
      writeSection('gateway-metrics', body);
      console.log(body);
    } finally {
      for (const c of children) c.kill('SIGTERM');
    }
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-gw-'));
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pub = path.join(dir, 'public.pem');
  writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
  const servicePort = await freePort();
  const gatewayPort = await freePort();
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    JWT_PUBLIC_KEY_FILE: pub,
    REDIS_KEY_PREFIX: `bench-${Date.now()}:`,
    RATE_LIMIT_IP_PER_WINDOW: '100000000',
    CATALOG_URL: `http://127.0.0.1:${servicePort}`,
    PORT: String(gatewayPort),
  };
  try {
    children.push(
      spawn(process.execPath, [path.join(__dirname, 'small-service.js'), String(servicePort)], {
        env: { ...env, METRICS_PORT: String(await freePort()) },
        stdio: 'inherit',
      }),
    );
    children.push(
      spawn(process.execPath, [path.join(root, 'gateway/dist/main.js')], {
        env: { ...env, METRICS_PORT: String(await freePort()) },
        stdio: 'inherit',
      }),
    );
    const direct = `http://127.0.0.1:${servicePort}/api/categories`;
    const viaGateway = `http://127.0.0.1:${gatewayPort}/api/categories`;
    await waitUntilReady(direct);
    await waitUntilReady(viaGateway);
    await run({ url: viaGateway, duration: 2, connections: 8 }); // warm-up (JIT, connection pools)
    await run({ url: direct, duration: 2, connections: 8 });

    const satDirect = await run({ url: direct, duration: DURATION, connections: CONNECTIONS });
    const satGateway = await run({ url: viaGateway, duration: DURATION, connections: CONNECTIONS });
    // Half of the load the gateway path can carry, applied to both paths.
    const half = Math.max(
      1,
      Math.round(Math.min(satDirect.requests.average, satGateway.requests.average) / 2),
    );
    // On a shared virtual machine one paced run's median can be several times another's: pair
    // the paths run by run, and keep the pair whose added median is the median of the rounds.
    const rounds: Array<{ direct: Paced; gateway: Paced; added: number }> = [];
    for (let i = 0; i < PACED_ROUNDS; i++) {
      const d = await paced(direct, half, DURATION);
      const g = await paced(viaGateway, half, DURATION);
      rounds.push({ direct: d, gateway: g, added: g.p50 - d.p50 });
    }
    const byAdded = [...rounds].sort((a, b) => a.added - b.added);
    const middle = byAdded[Math.floor(byAdded.length / 2)]!;
    const halfDirect = middle.direct;
    const halfGateway = middle.gateway;

    const ratio = satGateway.requests.average / satDirect.requests.average;
    const added = middle.added;
    const errors =
      satDirect.non2xx +
      satGateway.non2xx +
      rounds.reduce((n, r) => n + r.direct.errors + r.gateway.errors, 0);
    const row = (name: string, r: autocannon.Result) =>
      `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;
    const pacedRow = (name: string, r: Paced) =>
      `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} |`;
    const body = `
\`GET /api/categories\` (small JSON) from a service built with the service app factory, directly and through the gateway
(token-free public route: header stripping, CORS, per-IP Redis rate limit, proxy). ${CONNECTIONS} connections, ${DURATION} s per run,
autocannon (saturation) and an evenly paced client (half load) on the same machine; service, gateway and Redis each
a separate process, all sharing its cores: through the gateway every request costs two Node processes' work instead of one.

| run | req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${row('direct, saturated', satDirect)}
${row('gateway, saturated', satGateway)}
${pacedRow(`direct, paced at ${half} req/s`, halfDirect)}
${pacedRow(`gateway, paced at ${half} req/s`, halfGateway)}

- Gateway throughput: **${ratio.toFixed(2)}×** direct (goal ≥ 0.6×): ${ratio >= 0.6 ? 'met' : 'NOT met'}.
- Added median latency at half of saturation: **${added.toFixed(2)} ms** (goal ≤ 1 ms): ${added <= 1 ? 'met' : 'NOT met'}. The paced rows are the middle of ${PACED_ROUNDS} rounds (each round runs both paths, direct first); the added medians of the rounds were ${byAdded.map((r) => r.added.toFixed(2)).join(', ')} ms.
- Non-2xx responses or errors across all runs: ${errors}.
`;
    writeSection('gateway', body);
    console.log(body);
    const metricsBody = await metricsCost(
      { ...env, CATALOG_URL: undefined, PORT: undefined },
      children,
      CONNECTIONS,
    );
    writeSection('gateway-metrics', metricsBody);
    console.log(metricsBody);
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
