import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import mongoose from 'mongoose';
import type { Producer } from 'kafkajs';
import { Topics } from '@swapbooth/contracts';
import { createKafka } from '@swapbooth/event-bus';
import { type RunningService } from '@swapbooth/runtime';
import { createLogger } from '@swapbooth/service-kit';
import {
  bulkLoad,
  createSearchEngine,
  engineQueryOf,
  loadSearchConfig,
  startSearchService,
  type SearchConfig,
  type SearchDeps,
  type SearchEngine,
} from '@swapbooth/search';
import { freePort } from '@swapbooth/test-kit';
import { keptRows, revision, writeSection } from './results';
import { pct as percentile, waitUntilReady } from './support/stack';
import {
  FRESHNESS_KINDS,
  FRESHNESS_PHASE_MS,
  FRESHNESS_SAMPLES,
  FRESHNESS_TIMEOUT_MS,
  measureFreshness,
  POLL_MS,
  type Freshness,
  type FreshnessKind,
} from './search/freshness';
import { generateListings } from './search/listings';
import type { LoadJob, LoadResult } from './search/load-worker';
import { buildQueries, KIND_LABELS, QUERY_KINDS, type QueryKind } from './search/queries';

/**
 * npm run bench:search — search latency over a realistic listing set, through the gateway and
 * at the search service, per query kind, and how soon a catalog event shows in search.
 * Goals: p95 ≤ 50 ms through the gateway for every kind; ≤ 5 ms added at the median by the
 * gateway and service over the engine; freshness p95 ≤ 1 s. Reported, not asserted.
 */
const root = path.resolve(__dirname, '../..');
/** `BENCH_SEARCH_ONLY=freshness`: load fewer listings and measure only how soon changes show. */
const ONLY_FRESHNESS = process.env.BENCH_SEARCH_ONLY === 'freshness';
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? (ONLY_FRESHNESS ? 10_000 : 100_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BATCH = Number(process.env.BENCH_BATCH ?? 2_000);
/** Seconds per query kind and path with a single client (latency without queueing). */
const SINGLE_SECONDS = Number(process.env.BENCH_SINGLE_SECONDS ?? 3);
const CONCURRENCY = 16;
const WARMUP_SECONDS = 2;

const GOAL_P95_MS = 50;
const GOAL_OVERHEAD_MS = 5;
const GOAL_FRESHNESS_MS = 1_000;

const log = (msg: string) => process.stderr.write(`[bench:search] ${msg}\n`);
const load1 = () => os.loadavg()[0]!;

interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  count: number;
  failures: number;
  medianMatches: number;
  load: number;
}

function summarise(r: LoadResult): Measured {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const matches = [...r.matches].sort((a, b) => a - b);
  return {
    rps: r.latencies.length / r.seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    count: r.latencies.length,
    failures: r.non2xx + r.errors,
    medianMatches: percentile(matches, 0.5),
    load: load1(),
  };
}

/** Runs one closed-loop load in a worker thread, away from the service's event loop. */
function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'search', 'load-worker.js'), {
      workerData: job,
    });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

/**
 * The engine alone: the same listings in a second engine of the same kind in this process, each
 * query kind's requests parsed as the route parses them and run one after another (the engine
 * is synchronous in process, so more callers would only queue).
 */
async function measureEngine(
  engine: SearchEngine,
  queries: readonly string[],
  seconds: number,
): Promise<{ p50: number; p95: number; count: number }> {
  const parsed = queries.map((q) => engineQueryOf(Object.fromEntries(new URLSearchParams(q))));
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const t0 = performance.now();
    await engine.search(parsed[i % parsed.length]!);
    latencies.push(performance.now() - t0);
    // The in-process engine never yields: let the service's own work (Kafka heartbeats) run.
    if (i % 50 === 49) await new Promise((r) => setImmediate(r));
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    count: latencies.length,
  };
}

async function totalCount(base: string, params: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}/api/search?${new URLSearchParams(params).toString()}`);
  const body = (await res.json()) as { data: { totalCount: number } };
  return body.data.totalCount;
}

async function dropDatabase(config: Readonly<SearchConfig>) {
  const conn = await mongoose
    .createConnection(config.MONGO_URL, { dbName: `${config.MONGO_DB_PREFIX}search` })
    .asPromise();
  await conn.dropDatabase();
  await conn.close();
}

async function deleteTopics(config: Readonly<SearchConfig>) {
  const kafka = createKafka(
    {
      brokers: config.KAFKA_BROKERS,
      clientId: 'bench-cleanup',
      prefix: config.KAFKA_TOPIC_PREFIX,
      partitions: 1,
    },
    createLogger('bench', 'error'),
  );
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) =>
      t.startsWith(config.KAFKA_TOPIC_PREFIX),
    );
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
  });
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const verdict = (ok: boolean) => (ok ? 'met' : '**NOT met**');

async function main() {
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
  const run = `bench${Date.now().toString(36)}`;
  const loadAtStart = os.loadavg();
  const config = loadSearchConfig({
    ...process.env,
    MONGO_DB_PREFIX: `${run}_`,
    KAFKA_TOPIC_PREFIX: `${run}.`,
    REDIS_KEY_PREFIX: `${run}:`,
    SEARCH_INDEX: `${run}-listings`,
    LOG_LEVEL: 'warn',
  });
  const engineKind = config.MEILI_URL ? 'meilisearch' : config.SEARCH_ENGINE;
  let running: RunningService<SearchConfig, SearchDeps> | undefined;
  let gatewayChild: ChildProcess | undefined;
  let producer: Producer | undefined;
  try {
    log(`starting the search service (${engineKind}) in process`);
    running = await startSearchService(config, { port: 0 });
    const service = `http://127.0.0.1:${running.port}`;
    const gatewayPort = await freePort();
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    gatewayChild = spawn(process.execPath, [path.join(root, 'gateway/dist/main.js')], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        PORT: String(gatewayPort),
        SEARCH_URL: service,
        REDIS_KEY_PREFIX: `${run}-gw:`,
        RATE_LIMIT_IP_PER_WINDOW: '1000000000',
      },
      stdio: 'inherit',
    });
    await waitUntilReady(`${gateway}/readyz`);

    log(`generating ${LISTINGS} listings`);
    let t = performance.now();
    const generated = generateListings(LISTINGS);
    const generateMs = performance.now() - t;
    log(
      `loading them in batches of ${BATCH} (${generated.picker.places.length} ZIPs, ${generated.sellers.length} sellers)`,
    );
    t = performance.now();
    for (let i = 0; i < generated.docs.length; i += BATCH) {
      const batch = generated.docs.slice(i, i + BATCH);
      // A stalled database shows here rather than as a silent wait.
      const started = performance.now();
      const stalled = setInterval(
        () =>
          log(
            `  batch at ${i} still loading after ${((performance.now() - started) / 1000).toFixed(0)} s`,
          ),
        30_000,
      );
      try {
        await bulkLoad(running.deps, batch);
      } finally {
        clearInterval(stalled);
      }
      if ((i / BATCH) % 10 === 9 || i + BATCH >= generated.docs.length)
        log(`  ${i + batch.length} loaded, ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const loadMs = performance.now() - t;
    const rssMiB = process.memoryUsage().rss / 2 ** 20;
    const indexed = await totalCount(gateway, {});
    if (indexed !== LISTINGS)
      throw new Error(`search holds ${indexed} listings, expected ${LISTINGS}`);
    log(`loaded in ${(loadMs / 1000).toFixed(1)} s; measuring ${SECONDS} s per kind and path`);

    if (ONLY_FRESHNESS) {
      producer = await freshnessOnly(config, gateway, generated.sellers, loadAtStart);
      return;
    }

    const queries = buildQueries(generated.picker, 5_000);
    const paths = { service: `${service}/api/search`, gateway: `${gateway}/api/search` };
    for (const kind of QUERY_KINDS) {
      await load({
        url: paths.service,
        queries: queries[kind],
        concurrency: CONCURRENCY,
        seconds: WARMUP_SECONDS,
      });
    }
    await load({
      url: paths.gateway,
      queries: queries.text,
      concurrency: CONCURRENCY,
      seconds: WARMUP_SECONDS,
    });

    // At 16 clients the single-threaded service queues requests; one client shows the latency
    // of a request on its own, and the gateway's share without queueing.
    const results = {} as Record<
      QueryKind,
      { service: Measured; gateway: Measured; service1: Measured; gateway1: Measured }
    >;
    for (const kind of QUERY_KINDS) {
      const job = { queries: queries[kind], concurrency: CONCURRENCY, seconds: SECONDS };
      const single = { queries: queries[kind], concurrency: 1, seconds: SINGLE_SECONDS };
      const r = {
        service: summarise(await load({ ...job, url: paths.service })),
        gateway: summarise(await load({ ...job, url: paths.gateway })),
        service1: summarise(await load({ ...single, url: paths.service })),
        gateway1: summarise(await load({ ...single, url: paths.gateway })),
      };
      results[kind] = r;
      log(
        `${kind}: ${CONCURRENCY} clients: service p50 ${ms(r.service.p50)} p95 ${ms(r.service.p95)}, gateway p50 ${ms(r.gateway.p50)} p95 ${ms(r.gateway.p95)} ms; 1 client: service p50 ${ms(r.service1.p50)}, gateway p50 ${ms(r.gateway1.p50)} ms`,
      );
    }

    log(`the engine alone: a second ${engineKind} engine with the same listings in this process`);
    const engineAlone = {} as Record<QueryKind, { p50: number; p95: number; count: number }>;
    if (engineKind !== 'meilisearch') {
      const engine = createSearchEngine({ indexName: `${run}-alone`, inProcess: engineKind });
      for (let i = 0; i < generated.docs.length; i += BATCH) {
        await engine.upsert(generated.docs.slice(i, i + BATCH));
        await new Promise((r) => setImmediate(r));
      }
      for (const kind of QUERY_KINDS) await measureEngine(engine, queries[kind], 1);
      for (const kind of QUERY_KINDS) {
        engineAlone[kind] = await measureEngine(engine, queries[kind], SINGLE_SECONDS);
      }
      await engine.clear();
    }

    log(
      `freshness: up to ${FRESHNESS_SAMPLES} created, edited, seller-renamed and removed listings through Kafka`,
    );
    const kafka = createKafka(
      {
        brokers: config.KAFKA_BROKERS,
        clientId: 'bench',
        prefix: config.KAFKA_TOPIC_PREFIX,
        partitions: config.KAFKA_PARTITIONS,
      },
      createLogger('bench', 'warn'),
    );
    producer = kafka.producer();
    await producer.connect();
    const probes: number[] = [];
    const freshness = await measureFreshness(producer, config, gateway, generated.sellers, probes);
    probes.sort((a, b) => a - b);

    const loadDuring = QUERY_KINDS.flatMap((k) => [
      results[k].service.load,
      results[k].gateway.load,
    ]);
    const busyRows = QUERY_KINDS.map((kind) => {
      const { service: s, gateway: g } = results[kind];
      return `| ${KIND_LABELS[kind]} | ${s.rps.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p95)} | ${g.rps.toFixed(0)} | ${ms(g.p50)} | ${ms(g.p95)} | ${ms(g.p99)} | ${ms(g.p50 - s.p50)} | ${s.failures + g.failures} |`;
    });
    const singleRows = QUERY_KINDS.map((kind) => {
      const { service1: s, gateway1: g } = results[kind];
      const e = engineAlone[kind];
      return `| ${KIND_LABELS[kind]} | ${s.medianMatches.toLocaleString('en-US')} | ${ms(e?.p50 ?? NaN)} | ${ms(e?.p95 ?? NaN)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(g.p50)} | ${ms(g.p95)} | ${ms(g.p50 - (e?.p50 ?? NaN))} | ${s.failures + g.failures} |`;
    });
    const { fresh, rows: freshRows } = freshnessTable(freshness);
    const slow = QUERY_KINDS.filter((k) => !(results[k].gateway.p95 <= GOAL_P95_MS));
    const worst = (pick: (k: QueryKind) => number) => Math.max(...QUERY_KINDS.map(pick));
    const addedBusy = worst((k) => results[k].gateway.p50 - results[k].service.p50);
    const addedSingle = worst((k) => results[k].gateway1.p50 - results[k].service1.p50);
    const hasEngine = QUERY_KINDS.every((k) => engineAlone[k] !== undefined);
    const overSingle = worst((k) => results[k].gateway1.p50 - (engineAlone[k]?.p50 ?? NaN));
    const overBusy = worst((k) => results[k].gateway.p50 - (engineAlone[k]?.p50 ?? NaN));
    const busiest = QUERY_KINDS.reduce((a, b) =>
      results[b].gateway.p50 - (engineAlone[b]?.p50 ?? 0) >
      results[a].gateway.p50 - (engineAlone[a]?.p50 ?? 0)
        ? b
        : a,
    );
    // The goal is about listings; a seller-wide change is reported beside it.
    const listingFresh = fresh.filter((f) => f.kind !== 'seller renamed');
    const sellerFresh = fresh.find((f) => f.kind === 'seller renamed')!;
    const freshOk = listingFresh.every(
      (f) => f.sorted.length > 0 && f.p95 <= GOAL_FRESHNESS_MS && f.misses === 0,
    );
    const failures = QUERY_KINDS.reduce(
      (n, k) =>
        n +
        results[k].service.failures +
        results[k].gateway.failures +
        results[k].service1.failures +
        results[k].gateway1.failures,
      0,
    );
    const n = (v: number) => v.toLocaleString('en-US');

    const body = `
${n(LISTINGS)} generated listings over ${n(generated.picker.places.length)} real ZIP codes (${generated.picker.metroCount} metro areas weighted by population, the rest towns across the states), about 70% items and 30% services, ${n(generated.sellers.length)} sellers, ${n(generated.distinctWords)} distinct words. Engine: **${engineKind}**, inside the search service. The search service runs in the benchmark's process, the gateway as a child process, the load from a worker thread (closed loop, every latency recorded, exact percentiles). Load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min), 1-min load ${Math.min(...loadDuring).toFixed(1)}–${Math.max(...loadDuring).toFixed(1)} during the ${CONCURRENCY}-client runs, on ${os.cpus().length} cores shared with the databases, Kafka and other work.

Loading: ${(loadMs / 1000).toFixed(1)} s through \`bulkLoad\` in batches of ${n(BATCH)} (${n(Math.round(LISTINGS / (loadMs / 1000)))} listings/s into the projection and the engine; generating them took ${(generateMs / 1000).toFixed(1)} s). Process RSS after loading: ${rssMiB.toFixed(0)} MiB.

"engine" is a second engine of the same kind holding the same listings in the benchmark's process, each request's parameters parsed as the route parses them and searched one after another (in process the engine is synchronous: more callers only queue). "service" is the search service's own HTTP port (\`GET /api/search\`); "gateway" goes through the gateway to it.

${CONCURRENCY} concurrent clients, ${SECONDS} s per query kind and path:

| query kind | service req/s | service p50 ms | service p95 ms | gateway req/s | gateway p50 ms | gateway p95 ms | gateway p99 ms | added p50 ms | errors |
|---|---|---|---|---|---|---|---|---|---|
${busyRows.join('\n')}

One client at a time, ${SINGLE_SECONDS} s per query kind and path (latency without queueing):

| query kind | median matches | engine p50 ms | engine p95 ms | service p50 ms | service p95 ms | gateway p50 ms | gateway p95 ms | gateway over engine, p50 ms | errors |
|---|---|---|---|---|---|---|---|---|---|
${singleRows.join('\n')}

Freshness: from handing a catalog event to a Kafka producer (\`${Topics.product}\`, the service's topic prefix; for "seller renamed" an account event on \`${Topics.user}\`, which recomposes every listing of the seller) until \`GET /api/search\` through the gateway shows the change, polling every ${POLL_MS} ms (a probe took ${ms(percentile(probes, 0.5))} ms at the median, ${ms(percentile(probes, 0.95))} ms p95). One listing at a time by a loaded seller, each change waited for before the next; up to ${FRESHNESS_SAMPLES} per event kind, each kind stopping after ${FRESHNESS_PHASE_MS / 1000} s.

| event | samples | p50 ms | p95 ms | max ms | over ${GOAL_FRESHNESS_MS / 1000} s | not seen in ${FRESHNESS_TIMEOUT_MS / 1000} s |
|---|---|---|---|---|---|---|
${freshRows.join('\n')}

- p95 ≤ ${GOAL_P95_MS} ms through the gateway at ${CONCURRENCY} clients for every query kind: ${verdict(slow.length === 0)}${slow.length ? ` (${slow.map((k) => `${KIND_LABELS[k]} ${ms(results[k].gateway.p95)} ms`).join('; ')})` : ''}.
- Gateway and service ≤ ${GOAL_OVERHEAD_MS} ms over the engine alone, per request (p50 difference with one client, so nothing waits in a queue): ${hasEngine ? `at most **${ms(overSingle)} ms** (${verdict(overSingle <= GOAL_OVERHEAD_MS)}); the gateway's own share is at most ${ms(addedSingle)} ms. At ${CONCURRENCY} clients the p50 difference is ${ms(overBusy)} ms, the gateway's share ${ms(addedBusy)} ms: there requests wait for the cores the load generator, gateway and service share (${KIND_LABELS[busiest]}: ${CONCURRENCY} requests in flight at ${results[busiest].gateway.rps.toFixed(0)} req/s hold each one ${ms((CONCURRENCY / results[busiest].gateway.rps) * 1000)} ms on average, by Little's law), so that figure measures the machine's capacity rather than the overhead` : 'not measured (the engine is remote)'}.
- Freshness p95 ≤ ${GOAL_FRESHNESS_MS} ms for a listing created, edited or removed: ${verdict(freshOk)} (${listingFresh.map((f) => `${f.kind} ${ms(f.p95)} ms`).join(', ')}). A seller's rename reached all their cards in ${ms(sellerFresh.p50)} ms at the median, ${ms(sellerFresh.p95)} ms p95.
- Non-2xx responses or errors across the query runs: ${failures}.
`;
    writeSection('search', body);
    console.log(body);
  } finally {
    if (gatewayChild) await stopChild(gatewayChild);
    await producer?.disconnect().catch(() => undefined);
    await running
      ?.stop()
      .catch((err: unknown) => log(`stopping the search service: ${String(err)}`));
    await dropDatabase(config).catch((err: unknown) =>
      log(`dropping the database: ${String(err)}`),
    );
    await deleteTopics(config).catch((err: unknown) => log(`deleting the topics: ${String(err)}`));
  }
}

/** Table rows and per-kind figures of a freshness measurement. */
function freshnessTable(freshness: Record<FreshnessKind, Freshness>) {
  const fresh = FRESHNESS_KINDS.map((kind) => {
    const f = freshness[kind];
    const sorted = [...f.samples].sort((a, b) => a - b);
    return {
      kind,
      sorted,
      misses: f.misses,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
    };
  });
  const rows = fresh.map(
    (f) =>
      `| ${f.kind} | ${f.sorted.length} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.sorted.at(-1) ?? NaN)} | ${f.sorted.filter((v) => v > GOAL_FRESHNESS_MS).length} | ${f.misses} |`,
  );
  return { fresh, rows };
}

/** The freshness part alone (BENCH_SEARCH_ONLY=freshness), in a section of its own. */
async function freshnessOnly(
  config: Readonly<SearchConfig>,
  gateway: string,
  sellers: Parameters<typeof measureFreshness>[3],
  loadAtStart: number[],
): Promise<Producer> {
  log(`freshness only: up to ${FRESHNESS_SAMPLES} changes per kind through Kafka`);
  const kafka = createKafka(
    {
      brokers: config.KAFKA_BROKERS,
      clientId: 'bench',
      prefix: config.KAFKA_TOPIC_PREFIX,
      partitions: config.KAFKA_PARTITIONS,
    },
    createLogger('bench', 'warn'),
  );
  const producer = kafka.producer();
  await producer.connect();
  const probes: number[] = [];
  const freshness = await measureFreshness(producer, config, gateway, sellers, probes);
  probes.sort((a, b) => a - b);
  const { fresh, rows } = freshnessTable(freshness);
  const cell = (kind: FreshnessKind) => {
    const f = fresh.find((x) => x.kind === kind)!;
    return `${ms(f.p50)} / ${ms(f.p95)}`;
  };
  const runs = [
    ...keptRows('search freshness', 'Runs'),
    `| ${new Date().toISOString()} | ${revision()} | ${LISTINGS.toLocaleString('en-US')} | ${FRESHNESS_KINDS.map(cell).join(' | ')} | ${os.loadavg()[0]!.toFixed(1)} |`,
  ];
  const body = `
\`BENCH_SEARCH_ONLY=freshness npm run bench:search\`: the freshness part of the search benchmark alone, over ${LISTINGS.toLocaleString('en-US')} generated listings (the full run uses 100,000; freshness does not depend on the count, a seller-wide change does on the listings per seller). From handing an event to a Kafka producer until \`GET /api/search\` through the gateway shows the change, polling every ${POLL_MS} ms (a probe took ${ms(percentile(probes, 0.5))} ms at the median); one change at a time, each waited for. Load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')} on ${os.cpus().length} shared cores.

| event | samples | p50 ms | p95 ms | max ms | over ${GOAL_FRESHNESS_MS / 1000} s | not seen in ${FRESHNESS_TIMEOUT_MS / 1000} s |
|---|---|---|---|---|---|---|
${rows.join('\n')}

### Runs

Each run adds a row (p50 / p95 ms per event kind).

| date | revision | listings | ${FRESHNESS_KINDS.join(' | ')} | 1-min load |
|---|---|---|${FRESHNESS_KINDS.map(() => '---|').join('')}---|
${runs.join('\n')}
`;
  writeSection('search freshness', body);
  console.log(body);
  return producer;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
