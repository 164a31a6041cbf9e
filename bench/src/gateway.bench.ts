import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@swapbooth/test-kit';
import { writeSection } from './results';

/**
 * npm run bench:gateway — the same small GET served directly by a service and through the gateway.
 * Goals: gateway ≥ 0.6× the direct requests per second; ≤ 1 ms added at the median at half of saturation.
 */
const root = path.resolve(__dirname, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function waitFor(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const children: ChildProcess[] = [];
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
        env,
        stdio: 'inherit',
      }),
    );
    children.push(
      spawn(process.execPath, [path.join(root, 'gateway/dist/main.js')], { env, stdio: 'inherit' }),
    );
    const direct = `http://127.0.0.1:${servicePort}/api/categories`;
    const viaGateway = `http://127.0.0.1:${gatewayPort}/api/categories`;
    await waitFor(direct);
    await waitFor(viaGateway);
    await run({ url: viaGateway, duration: 2, connections: 8 }); // warm-up (JIT, connection pools)
    await run({ url: direct, duration: 2, connections: 8 });

    const satDirect = await run({ url: direct, duration: DURATION, connections: CONNECTIONS });
    const satGateway = await run({ url: viaGateway, duration: DURATION, connections: CONNECTIONS });
    // Half of the load the gateway path can carry, applied to both paths.
    const half = Math.max(
      1,
      Math.round(Math.min(satDirect.requests.average, satGateway.requests.average) / 2),
    );
    const halfDirect = await run({
      url: direct,
      duration: DURATION,
      connections: CONNECTIONS,
      overallRate: half,
    });
    const halfGateway = await run({
      url: viaGateway,
      duration: DURATION,
      connections: CONNECTIONS,
      overallRate: half,
    });

    const ratio = satGateway.requests.average / satDirect.requests.average;
    const added = halfGateway.latency.p50 - halfDirect.latency.p50;
    const errors = satDirect.non2xx + satGateway.non2xx + halfDirect.non2xx + halfGateway.non2xx;
    const row = (name: string, r: autocannon.Result) =>
      `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;
    const body = `
\`GET /api/categories\` (small JSON) from a service built with the service app factory, directly and through the gateway
(token-free public route: header stripping, CORS, per-IP Redis rate limit, proxy). ${CONNECTIONS} connections, ${DURATION} s per run,
autocannon in the same machine's process; service, gateway and Redis each a separate process.

| run | req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${row('direct, saturated', satDirect)}
${row('gateway, saturated', satGateway)}
${row(`direct, ${half} req/s (half of saturation)`, halfDirect)}
${row(`gateway, ${half} req/s`, halfGateway)}

- Gateway throughput: **${ratio.toFixed(2)}×** direct (goal ≥ 0.6×): ${ratio >= 0.6 ? 'met' : 'NOT met'}.
- Added median latency at half of saturation: **${added.toFixed(2)} ms** (goal ≤ 1 ms): ${added <= 1 ? 'met' : 'NOT met'}.
- Non-2xx responses or errors across all runs: ${errors}.
`;
    writeSection('gateway', body);
    console.log(body);
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
