import os from 'node:os';
import { freePort } from '@swapbooth/test-kit';
import { machine, revision, writeSection } from './results';
import { otlpReceiver, type ReceivedSpans } from './support/otlp-receiver';
import { cpuSeconds } from './support/proc-cpu';
import {
  benchGatewayEnv,
  benchProducer,
  benchRun,
  BuiltProcesses,
  callAs,
  databaseServer,
  listingCreated,
  pct,
  sleep,
  waitUntilReady,
} from './support/stack';
import { seedExchangeMarket, type MarketMember } from './support/exchange-market';
import { median } from './support/stats';

/**
 * npm run bench:exchange-cost — what metrics and traces cost the exchange path. Three copies of the
 * exchange service behind a gateway, each with its own databases, topics and Redis keys: one with
 * metrics and tracing off, one with metrics on (read every 5 s), one with metrics on and traces at
 * 100% sampling (or BENCH_TRACES_RATIO of requests) exported over OTLP to a receiver in this
 * process. Clients propose, read and reject (so no listing is ever reserved and every round sees
 * the same work), each copy loaded in turn for short rounds, the order rotating, then all three at
 * once.
 * Goals: metrics ≤ 3% of throughput, tracing ≤ 10%.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 12);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 300);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ROUND_S = Number(process.env.BENCH_ROUND_SECONDS ?? 8);
/**
 * Seconds of load each copy gets alone before anything is measured. A copy's first minute under
 * load is not its steady state: with a few seconds of warm-up, the instrumented copies' first
 * rounds cost up to 40% more CPU per call than their later ones (the compiler still at work on
 * their extra code), while the off copy's barely moved.
 */
const WARM_S = Number(process.env.BENCH_WARM_SECONDS ?? 45);

const log = (msg: string) => console.log(`[bench:exchange-cost] ${msg}`);

type Setting = 'off' | 'metrics' | 'tracing';
const SETTINGS: readonly Setting[] = ['off', 'metrics', 'tracing'];
const LABEL: Record<Setting, string> = {
  off: 'off',
  metrics: 'metrics',
  tracing: 'metrics + tracing',
};
const GOAL: Record<Exclude<Setting, 'off'>, number> = { metrics: 0.03, tracing: 0.1 };

/**
 * The share of requests the tracing copy traces: every one by default (the goal is set at 100%);
 * BENCH_TRACES_RATIO=0.1 measures what the production overlay keeps (`parentbased_traceidratio`,
 * the gateway deciding for the whole trace), into a section of its own.
 */
const TRACES_RATIO = Number(process.env.BENCH_TRACES_RATIO ?? 1);
if (!(TRACES_RATIO > 0 && TRACES_RATIO <= 1)) throw new Error('BENCH_TRACES_RATIO: 0 < ratio ≤ 1');
const SAMPLER: Record<string, string> =
  TRACES_RATIO === 1
    ? { OTEL_TRACES_SAMPLER: 'always_on' }
    : {
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: String(TRACES_RATIO),
      };
/**
 * BENCH_SAME=off: every copy runs as off, labels unchanged (an A/A run): how far apart the copies
 * are by themselves, the floor under any difference the settings seem to make.
 */
const SAME = process.env.BENCH_SAME === 'off';
const SECTION = SAME
  ? 'exchange-cost-same'
  : TRACES_RATIO === 1
    ? 'exchange-cost'
    : 'exchange-cost-sampled';
const SAMPLING = `${+(TRACES_RATIO * 100).toFixed(2)}% sampling, ${Object.entries(SAMPLER)
  .map(([k, v]) => `\`${k}=${v}\``)
  .join(', ')}`;

type Member = MarketMember;

interface Stack {
  setting: Setting;
  gateway: string;
  members: Member[];
  scrapes: string[];
  /** The exchange service's and the gateway's process ids. */
  pids: Array<number | undefined>;
  /** Stops its processes, then removes the run's topics and databases. */
  stop(): Promise<void>;
}

/** One exchange service and its gateway with a setting, its projections filled. */
async function stack(setting: Setting, receiver: ReceivedSpans): Promise<Stack> {
  const { run, prefix, env, cleanUp } = benchRun('bcost');
  for (const k of Object.keys(env)) if (k.startsWith('OTEL_')) delete env[k];
  const as: Setting = SAME ? 'off' : setting;
  env.METRICS_ENABLED = as === 'off' ? 'false' : 'true';
  if (as === 'tracing') {
    Object.assign(env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      ...SAMPLER,
    });
  }
  const [exchangePort, exchangeMetrics, gatewayPort, gatewayMetrics] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const services = new BuiltProcesses(env);
  const producer = benchProducer(`bench-exchange-cost-${setting}`);
  try {
    const exchangeProcess = services.start('services/exchange/dist/main.js', {
      PORT: String(exchangePort),
      METRICS_PORT: String(exchangeMetrics),
    });
    const exchange = `http://127.0.0.1:${exchangePort}`;
    await waitUntilReady(`${exchange}/readyz`, `the exchange service (${setting})`);
    const gatewayProcess = services.start('gateway/dist/main.js', {
      PORT: String(gatewayPort),
      METRICS_PORT: String(gatewayMetrics),
      EXCHANGE_URL: exchange,
      ...benchGatewayEnv(run),
    });
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitUntilReady(`${gateway}/readyz`, `the gateway (${setting})`);
    await producer.connect();
    const members: Member[] = await seedExchangeMarket(
      producer,
      { run, prefix },
      {
        members: MEMBERS,
        listings: LISTINGS,
        listing: (id, owner, i) =>
          listingCreated(id, owner, i, {
            slug: 'bench-listing',
            title: 'Bench listing',
            benchmark: 'exchange-cost',
          }),
      },
    );
    await producer.disconnect();
    return {
      setting,
      gateway,
      members,
      pids: [exchangeProcess.pid, gatewayProcess.pid],
      scrapes:
        setting === 'off'
          ? []
          : [exchangeMetrics, gatewayMetrics].map((p) => `http://127.0.0.1:${p}/metrics`),
      stop: async () => {
        await services.stopAndWait();
        await cleanUp();
      },
    };
  } catch (err) {
    await producer.disconnect().catch(() => undefined);
    await services.stopAndWait();
    await cleanUp();
    throw err;
  }
}

interface Load {
  /** Proposals created per second. */
  proposals: number;
  /** Calls (propose, read, reject) answered per second. */
  calls: number;
  /** Calls answered with an unexpected status. */
  errors: number;
  p50: number;
  /** CPU seconds the exchange service and the gateway used meanwhile, and the calls answered. */
  cpu: { exchange: number; gateway: number; calls: number };
}

/** `clients` loops of propose, read, reject against one stack for `seconds`. */
async function load(s: Stack, clients: number, seconds: number): Promise<Load> {
  const scrape = () =>
    Promise.all(s.scrapes.map((u) => fetch(u).then((r) => r.text()))).catch(() => []);
  const timer = setInterval(() => void scrape(), 5000);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  let proposals = 0;
  let calls = 0;
  let errors = 0;
  const latencies: number[] = [];
  const call = async (method: string, url: string, m: Member, body: unknown, ok: number) => {
    const t0 = performance.now();
    const res = await callAs(s.gateway, method, url, m.token, body);
    latencies.push(performance.now() - t0);
    calls++;
    if (res.status !== ok) errors++;
    return res;
  };
  const cpuBefore = s.pids.map(cpuSeconds);
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < stopAt) {
          const sender = pick(s.members);
          let receiver = pick(s.members);
          while (receiver === sender) receiver = pick(s.members);
          const created = await call(
            'POST',
            '/api/exchange/proposal',
            sender,
            {
              userId: sender.id,
              receiverId: receiver.id,
              requestedProductIds: [...new Set([pick(receiver.listings), pick(receiver.listings)])],
              offeredProductIds: [pick(sender.listings)],
              message: 'Would you trade?',
              deposit_amount: 5,
            },
            201,
          );
          if (created.status !== 201) continue;
          proposals++;
          const id = String(created.body.data?.proposal_id);
          await call('GET', `/api/exchange/proposal/${id}`, receiver, undefined, 200);
          await call(
            'PUT',
            `/api/exchange/proposal/${id}/status`,
            receiver,
            { status: 'rejected', userId: receiver.id },
            200,
          );
        }
      }),
    );
  } finally {
    clearInterval(timer);
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpuUsed = s.pids.map(cpuSeconds).map((a, i) => (a ?? NaN) - (cpuBefore[i] ?? NaN));
  latencies.sort((a, b) => a - b);
  return {
    cpu: { exchange: cpuUsed[0]!, gateway: cpuUsed[1]!, calls },
    proposals: proposals / elapsed,
    calls: calls / elapsed,
    errors,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
  };
}

async function main() {
  const receiver = await otlpReceiver();
  const stacks: Stack[] = [];
  try {
    for (const s of SETTINGS) {
      log(`starting the ${LABEL[s]} stack`);
      stacks.push(await stack(s, receiver));
    }
    const loadAt = os.loadavg();
    log(`warming up, ${WARM_S} s per copy`);
    for (const s of stacks) await load(s, CLIENTS, WARM_S);
    const spansAtStart = [...receiver.spans.values()].reduce((a, b) => a + b, 0);
    type Round = { results: Record<Setting, Load>; order: Setting[] };
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const order = SETTINGS.map((_, j) => SETTINGS[(i + j) % SETTINGS.length]!);
      const results = {} as Record<Setting, Load>;
      for (const s of order)
        results[s] = await load(stacks[SETTINGS.indexOf(s)]!, CLIENTS, ROUND_S);
      rounds.push({ results, order });
      log(
        `round ${i + 1}: ${SETTINGS.map((s) => `${s} ${results[s].proposals.toFixed(1)}`).join(', ')} proposals/s`,
      );
    }
    const share = Math.max(1, Math.round(CLIENTS / SETTINGS.length));
    const together: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const all = await Promise.all(stacks.map((s) => load(s, share, ROUND_S)));
      const results = {} as Record<Setting, Load>;
      SETTINGS.forEach((s, j) => (results[s] = all[j]!));
      together.push({ results, order: [...SETTINGS] });
      log(
        `together ${i + 1}: ${SETTINGS.map((s) => `${s} ${results[s].proposals.toFixed(1)}`).join(', ')} proposals/s`,
      );
    }
    const loadAfter = os.loadavg();
    // The batch span processor sends every 5 s: let its last batch arrive before counting.
    await sleep(7000);
    const spansTotal = [...receiver.spans.values()].reduce((a, b) => a + b, 0);
    const spansByService = [...receiver.spans.entries()].map(([s, n]) => `${s} ${n}`).join(', ');
    const spansByName = [...receiver.names.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([s, n]) => `\`${s}\` ${n}`)
      .join(', ');

    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const tp = (r: Round, s: Setting) => r.results[s].calls;
    const perRound = (rs: Round[], s: Setting, base: Setting = 'off') =>
      rs.map((r) => tp(r, s) / tp(r, base));
    const ratio = (rs: Round[], s: Setting, base: Setting = 'off') => median(perRound(rs, s, base));
    const quartiles = (rs: Round[], s: Setting) => {
      const xs = perRound(rs, s).sort((a, b) => a - b);
      return `${pct(xs, 0.25).toFixed(2)}–${pct(xs, 0.75).toFixed(2)}`;
    };
    const verdict = (rs: Round[], s: Exclude<Setting, 'off'>) => {
      const cost = 1 - ratio(rs, s);
      return `median ${LABEL[s]}/off **${ratio(rs, s).toFixed(3)}** (middle half of the rounds ${quartiles(rs, s)}), cost **${(cost * 100).toFixed(1)}%** of throughput (goal ≤ ${GOAL[s] * 100}%): ${cost <= GOAL[s] ? 'met' : 'NOT met'}`;
    };
    const errorsOf = (r: Round) => SETTINGS.reduce((n, s) => n + r.results[s].errors, 0);
    // CPU per call of the exchange service and the gateway, over every run of a setting.
    const micros = (s: Setting, of: 'exchange' | 'gateway' | 'both') => {
      const runs = [...rounds, ...together].map((r) => r.results[s].cpu);
      const used = runs.reduce((n, c) => n + (of === 'both' ? c.exchange + c.gateway : c[of]), 0);
      return (used * 1e6) / runs.reduce((n, c) => n + c.calls, 0);
    };
    const against = (r: number) =>
      `${Math.abs((r - 1) * 100).toFixed(1)}% ${r >= 1 ? 'more' : 'less'} than off`;
    const cpuLine = Number.isFinite(micros('off', 'both'))
      ? SETTINGS.map(
          (s) =>
            `${LABEL[s]} **${micros(s, 'both').toFixed(0)} µs** (exchange ${micros(s, 'exchange').toFixed(0)} + gateway ${micros(s, 'gateway').toFixed(0)})${s === 'off' ? '' : `, ${against(micros(s, 'both') / micros('off', 'both'))}`}`,
        ).join('; ')
      : 'not read (no /proc)';
    const cells = (r: Round) =>
      SETTINGS.map((s) => `${tp(r, s).toFixed(1)} (${r.results[s].proposals.toFixed(1)})`).join(
        ' | ',
      );
    const ratios = (r: Round) =>
      `${(tp(r, 'metrics') / tp(r, 'off')).toFixed(2)} | ${(tp(r, 'tracing') / tp(r, 'off')).toFixed(2)}`;
    const body = `
The exchange path through the gateway (both child processes, built code) on ${databaseServer()}, Kafka and Redis
of this machine, three ways in one run: **off** (\`METRICS_ENABLED=false\`, no \`OTEL_*\` settings), **metrics**
(the exchange service's and the gateway's metrics, their metrics ports read every 5 s during their rounds) and
**metrics + tracing** (as metrics, and traces at ${SAMPLING}, exported by the
SDK's batch span processor over OTLP/HTTP \`http/json\` to a receiver in the benchmark's process that counts them).
Three copies of the pair, each with its own databases, topics and Redis keys, ${LISTINGS} listings of ${MEMBERS}
subscribed members announced as events. Each client loops: propose, the receiver reads it, the receiver rejects it
(three calls; the proposal's events go through the outbox to Kafka). Each copy first ran ${WARM_S} s of the same load alone,
unmeasured (warm-up). Then ${CLIENTS} clients per copy, ${ROUND_S} s per run, the order rotating round by round; then ${ROUNDS} rounds with all three loaded at once (${share} clients each).
Revision ${revision()}; load average ${loadAt.map((x) => x.toFixed(2)).join(' / ')} at the start and
${loadAfter.map((x) => x.toFixed(2)).join(' / ')} at the end, on ${os.cpus().length} cores (a shared machine).

Calls per second (proposals per second in brackets):

| round (order) | off | metrics | metrics + tracing | metrics/off | tracing/off | p50 ms off / metrics / tracing | errors |
|---|---|---|---|---|---|---|---|
${rounds.map((r, i) => `| ${i + 1} (${r.order.join(', ')}) | ${cells(r)} | ${ratios(r)} | ${SETTINGS.map((s) => r.results[s].p50.toFixed(1)).join(' / ')} | ${errorsOf(r)} |`).join('\n')}

All three loaded at the same time:

| round | off | metrics | metrics + tracing | metrics/off | tracing/off | errors |
|---|---|---|---|---|---|---|
${together.map((r, i) => `| ${i + 1} | ${cells(r)} | ${ratios(r)} | ${errorsOf(r)} |`).join('\n')}

- Metrics, side by side: ${verdict(together, 'metrics')}. In turn: ${verdict(rounds, 'metrics')}.
- Metrics + tracing, side by side: ${verdict(together, 'tracing')}. In turn: ${verdict(rounds, 'tracing')}.
- Tracing alone (metrics + tracing against metrics): median ${ratio(together, 'tracing', 'metrics').toFixed(3)} side by side, ${ratio(rounds, 'tracing', 'metrics').toFixed(3)} in turn.
- CPU per call, from /proc (user + system of each copy's exchange service and gateway over all its
  runs; the database, Kafka and Redis servers not counted): ${cpuLine}.
- Mean calls per second in turn: ${SETTINGS.map((s) => `${LABEL[s]} ${mean(rounds.map((r) => tp(r, s))).toFixed(1)}`).join(', ')}.
- Traces were on: the receiver got **${spansTotal} spans** in ${receiver.requests} export requests (${spansByService || 'none'}; ${receiver.unreadable} unreadable), ${spansTotal - spansAtStart} after the warm-up; the most frequent by service and name: ${spansByName || 'none'}.
`;
    writeSection(
      SECTION,
      SAME
        ? `**An A/A run (\`BENCH_SAME=off\`): all three copies ran as off**; the columns keep their labels, so every difference below is the copies' own, not a setting's.\n${body}`
        : body,
    );
    console.log(body);
    console.log(`machine: ${machine()}`);
  } finally {
    // One after another: the local server's H2 store can fail a database drop that runs while
    // another is dropped ("Map … is closed"), which left a copy's data behind.
    for (const s of stacks) await s.stop();
    await receiver.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
