import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@swapbooth/test-kit';
import { writeSection } from './results';
import { otlpReceiver } from './support/otlp-receiver';
import { cpuSeconds } from './support/proc-cpu';
import { waitUntilReady } from './support/stack';
import { median } from './support/stats';

/**
 * npm run bench:gateway — the same small GET served directly by a service and through the gateway.
 * Goals: gateway ≥ 0.6× the direct requests per second; ≤ 1 ms added at the median at half of saturation.
 */
const root = path.resolve(__dirname, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Paced runs per path; the middle one is reported. */
const PACED_ROUNDS = Number(process.env.BENCH_PACED_ROUNDS ?? 3);

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

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

/** Rounds of the cost comparison: each saturates every setting in turn, the order rotating. */
const METRICS_ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 8);
/** Seconds per saturated run in the cost comparison (short runs, many rounds: load swings). */
const METRICS_DURATION = Number(process.env.BENCH_METRICS_DURATION ?? 5);
/**
 * Seconds each pair is saturated alone, unmeasured, before the comparison: a process's first
 * stretch under load is its compiler's, not its steady state, and the instrumented pairs (more
 * code) take longer to get there (see the exchange-cost section).
 */
const METRICS_WARM_SECONDS = Number(process.env.BENCH_METRICS_WARM_SECONDS ?? 20);

/** What the service and the gateway run with: nothing, metrics, or metrics and traces. */
type Setting = 'off' | 'metrics' | 'tracing';
const SETTINGS: readonly Setting[] = ['off', 'metrics', 'tracing'];
const LABEL: Record<Setting, string> = {
  off: 'off',
  metrics: 'metrics',
  tracing: 'metrics + tracing',
};

/**
 * What metrics and traces cost: three copies of the same service-and-gateway pair, one with both
 * off (`METRICS_ENABLED=false`, no OTEL_* settings), one with metrics on and read every 5 s (as
 * Prometheus would, a little more often), one with metrics on and traces exported over OTLP at
 * 100% sampling to a receiver in this process; each saturated in turn through its gateway, the
 * order rotating round by round, then all three at the same time.
 */
async function metricsCost(baseEnv: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<string> {
  const receiver = await otlpReceiver();
  const pair = async (setting: Setting) => {
    const [servicePort, gatewayPort, serviceMetrics, gatewayMetrics] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const env: NodeJS.ProcessEnv = {
      ...baseEnv,
      METRICS_ENABLED: setting === 'off' ? 'false' : 'true',
      CATALOG_URL: `http://127.0.0.1:${servicePort}`,
      PORT: String(gatewayPort),
    };
    for (const k of Object.keys(env)) if (k.startsWith('OTEL_')) delete env[k];
    if (setting === 'tracing') {
      Object.assign(env, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_TRACES_SAMPLER: 'always_on',
      });
    }
    const processes = [
      spawn(process.execPath, [path.join(__dirname, 'small-service.js'), String(servicePort)], {
        env: { ...env, METRICS_PORT: String(serviceMetrics) },
        stdio: 'inherit',
      }),
      spawn(process.execPath, [path.join(root, 'gateway/dist/main.js')], {
        env: { ...env, METRICS_PORT: String(gatewayMetrics) },
        stdio: 'inherit',
      }),
    ];
    children.push(...processes);
    const url = `http://127.0.0.1:${gatewayPort}/api/categories`;
    await waitUntilReady(`http://127.0.0.1:${servicePort}/api/categories`);
    await waitUntilReady(url);
    return {
      setting,
      url,
      pids: processes.map((c) => c.pid),
      scrapes:
        setting === 'off'
          ? []
          : [serviceMetrics, gatewayMetrics].map((p) => `http://127.0.0.1:${p}/metrics`),
    };
  };
  type Pair = Awaited<ReturnType<typeof pair>>;
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const pairs: Pair[] = [];
  for (const s of SETTINGS) pairs.push(await pair(s));
  for (const p of pairs) await run({ url: p.url, duration: METRICS_WARM_SECONDS, connections: 8 });
  const spansAtStart = [...receiver.spans.values()].reduce((a, b) => a + b, 0);
  const scrapeAll = (urls: string[]) =>
    Promise.all(urls.map((u) => fetch(u).then((r) => r.text()))).catch(() => []);
  // CPU seconds of each pair's service and gateway, and the requests they answered, in its runs.
  const cpu = new Map<Setting, { service: number; gateway: number; requests: number }>(
    SETTINGS.map((s) => [s, { service: 0, gateway: 0, requests: 0 }]),
  );
  const saturate = async (p: Pair, connections = CONNECTIONS) => {
    const timer = setInterval(() => void scrapeAll(p.scrapes), 5000);
    const before = p.pids.map(cpuSeconds);
    try {
      const result = await run({ url: p.url, duration: METRICS_DURATION, connections });
      const after = p.pids.map(cpuSeconds);
      const used = after.map((a, i) => (a ?? NaN) - (before[i] ?? NaN));
      const c = cpu.get(p.setting)!;
      c.service += used[0]!;
      c.gateway += used[1]!;
      c.requests += result.requests.total;
      return result;
    } finally {
      clearInterval(timer);
    }
  };
  type Round = { results: Record<Setting, autocannon.Result>; order: Setting[] };
  const rounds: Round[] = [];
  for (let i = 0; i < METRICS_ROUNDS; i++) {
    const order = SETTINGS.map((_, j) => SETTINGS[(i + j) % SETTINGS.length]!);
    const results = {} as Record<Setting, autocannon.Result>;
    for (const s of order) results[s] = await saturate(pairs[SETTINGS.indexOf(s)]!);
    rounds.push({ results, order });
  }
  // All pairs saturated at the same time, each with a third of the connections: whatever else loads
  // the machine loads them alike, and the share of the CPU each gets says what a request costs it.
  const share = Math.max(1, Math.round(CONNECTIONS / SETTINGS.length));
  const together: Round[] = [];
  for (let i = 0; i < METRICS_ROUNDS; i++) {
    const all = await Promise.all(pairs.map((p) => saturate(p, share)));
    const results = {} as Record<Setting, autocannon.Result>;
    SETTINGS.forEach((s, j) => (results[s] = all[j]!));
    together.push({ results, order: [...SETTINGS] });
  }
  // The gateway's own metrics saw the runs (route label: the route-table prefix).
  const [, gatewayText = ''] = await scrapeAll(pairs[1]!.scrapes);
  const counted = /http_requests_total\{[^}]*route="\/api\/categories"[^}]*\} (\d+)/.exec(
    gatewayText,
  )?.[1];
  // The batch span processor sends every 5 s: let its last batch arrive before counting.
  await new Promise((r) => setTimeout(r, 7000));
  await receiver.close();
  const tracedRequests = [...rounds, ...together].reduce(
    (n, r) => n + r.results.tracing.requests.total,
    0,
  );
  const spansTotal = [...receiver.spans.values()].reduce((a, b) => a + b, 0);
  const micros = (s: Setting, of: 'service' | 'gateway' | 'both') => {
    const c = cpu.get(s)!;
    const used = of === 'both' ? c.service + c.gateway : c[of];
    return (used * 1e6) / c.requests;
  };
  const cpuLine = Number.isFinite(micros('off', 'both'))
    ? SETTINGS.map(
        (s) =>
          `${LABEL[s]} **${micros(s, 'both').toFixed(0)} µs** (service ${micros(s, 'service').toFixed(0)} + gateway ${micros(s, 'gateway').toFixed(0)})${s === 'off' ? '' : `, ${((micros(s, 'both') / micros('off', 'both') - 1) * 100).toFixed(1)}% more than off`}`,
      ).join('; ')
    : 'not read (no /proc)';
  const spansByService = [...receiver.spans.entries()].map(([s, n]) => `${s} ${n}`).join(', ');
  const spansByName = [...receiver.names.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([s, n]) => `\`${s}\` ${n}`)
    .join(', ');

  // On a shared machine the load moves between runs: each round's runs form a set, and a setting's
  // cost is one minus the median of the rounds' setting/off ratios.
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const rps = (r: Round, s: Setting) => r.results[s].requests.average;
  const ratio = (rs: Round[], s: Setting, base: Setting = 'off') =>
    median(rs.map((r) => rps(r, s) / rps(r, base)));
  const errorsOf = (r: Round) =>
    SETTINGS.reduce((n, s) => n + r.results[s].non2xx + r.results[s].errors, 0);
  const GOAL: Record<Exclude<Setting, 'off'>, number> = { metrics: 0.03, tracing: 0.1 };
  const verdict = (rs: Round[], s: Exclude<Setting, 'off'>) => {
    const cost = 1 - ratio(rs, s);
    return `median ${LABEL[s]}/off **${ratio(rs, s).toFixed(3)}**, cost **${(cost * 100).toFixed(1)}%** of throughput (goal ≤ ${GOAL[s] * 100}%): ${cost <= GOAL[s] ? 'met' : 'NOT met'}`;
  };
  const rows = rounds
    .map(
      (r, i) =>
        `| ${i + 1} (${r.order.join(', ')}) | ${SETTINGS.map((s) => rps(r, s).toFixed(0)).join(' | ')} | ${(rps(r, 'metrics') / rps(r, 'off')).toFixed(2)} | ${(rps(r, 'tracing') / rps(r, 'off')).toFixed(2)} | ${SETTINGS.map((s) => r.results[s].latency.p50).join(' / ')} | ${SETTINGS.map((s) => r.results[s].latency.p99).join(' / ')} | ${errorsOf(r)} |`,
    )
    .join('\n');
  const togetherRows = together
    .map(
      (r, i) =>
        `| ${i + 1} | ${SETTINGS.map((s) => rps(r, s).toFixed(0)).join(' | ')} | ${(rps(r, 'metrics') / rps(r, 'off')).toFixed(2)} | ${(rps(r, 'tracing') / rps(r, 'off')).toFixed(2)} | ${errorsOf(r)} |`,
    )
    .join('\n');
  return `
The same \`GET /api/categories\` through the gateway, in one run, with the service and the gateway both
run three ways: **off** (\`METRICS_ENABLED=false\`, no \`OTEL_*\` settings), **metrics** (HTTP counters
and latency histogram, default process metrics, each process's metrics port read every 5 s during its
runs), and **metrics + tracing** (as metrics, and traces at 100% sampling: \`OTEL_TRACES_SAMPLER=always_on\`,
exported with the SDK's batch span processor over OTLP/HTTP \`http/json\` to a receiver in the benchmark's
process that counts the spans it gets). Three copies of the pair side by side, each first loaded alone
for ${METRICS_WARM_SECONDS} s unmeasured (warm-up), then each saturated in turn (${CONNECTIONS} connections, ${METRICS_DURATION} s), the order rotating round by round.
Load average when the comparison started: ${loadAtStart}, on ${os.cpus().length} cores (a shared machine).

| round (order) | off req/s | metrics req/s | metrics + tracing req/s | metrics/off | tracing/off | p50 ms off / metrics / tracing | p99 ms off / metrics / tracing | errors |
|---|---|---|---|---|---|---|---|---|
${rows}

Then ${METRICS_ROUNDS} rounds with the three pairs saturated at the same time (${share} connections each), so that
whatever else loads the machine loads them alike:

| round | off req/s | metrics req/s | metrics + tracing req/s | metrics/off | tracing/off | errors |
|---|---|---|---|---|---|---|
${togetherRows}

- Metrics, side by side: ${verdict(together, 'metrics')}. In turn: ${verdict(rounds, 'metrics')}.
- Metrics + tracing, side by side: ${verdict(together, 'tracing')}. In turn: ${verdict(rounds, 'tracing')}.
- Tracing alone (metrics + tracing against metrics): median ${ratio(together, 'tracing', 'metrics').toFixed(3)} side by side, ${ratio(rounds, 'tracing', 'metrics').toFixed(3)} in turn.
- CPU per request, from /proc (user + system of each pair's two processes over all its runs; less
  swayed than req/s by what else runs on the machine): ${cpuLine}.
- Mean throughput in turn: ${SETTINGS.map((s) => `${LABEL[s]} ${mean(rounds.map((r) => rps(r, s))).toFixed(0)} req/s`).join(', ')}.
- Traces were on: the receiver got **${spansTotal} spans** in ${receiver.requests} export requests (${spansByService || 'none'}; ${receiver.unreadable} unreadable), ${spansTotal - spansAtStart} of them after the warm-up, for ${tracedRequests} requests to the traced pair; by service and span name: ${spansByName || 'none'}.
- The gateway's own \`http_requests_total\` for the route counted ${counted ?? 'nothing (not read)'} calls.
`;
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
