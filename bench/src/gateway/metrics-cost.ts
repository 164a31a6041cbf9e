import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { freePort } from '@swapbooth/test-kit';
import { run } from '../support/autocannon';
import { otlpReceiver } from '../support/otlp-receiver';
import { cpuSeconds } from '../support/proc-cpu';
import { root, waitUntilReady } from '../support/stack';
import { median } from '../support/stats';

/**
 * The gateway benchmark's cost comparison (its `gateway-metrics` section; `BENCH_PART=metrics npm
 * run bench:gateway` runs it alone): the same small GET through three service + gateway pairs,
 * off, with metrics, and with metrics and traces at 100% sampling.
 */
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
export async function metricsCost(
  baseEnv: NodeJS.ProcessEnv,
  children: ChildProcess[],
  /** Connections of a saturated run (BENCH_CONNECTIONS). */
  saturating: number,
): Promise<string> {
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
      spawn(
        process.execPath,
        [path.join(__dirname, '..', 'small-service.js'), String(servicePort)],
        {
          env: { ...env, METRICS_PORT: String(serviceMetrics) },
          stdio: 'inherit',
        },
      ),
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
  const saturate = async (p: Pair, connections = saturating) => {
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
  const share = Math.max(1, Math.round(saturating / SETTINGS.length));
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
for ${METRICS_WARM_SECONDS} s unmeasured (warm-up), then each saturated in turn (${saturating} connections, ${METRICS_DURATION} s), the order rotating round by round.
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
