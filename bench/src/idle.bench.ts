import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { createKafka, OUTBOX_PENDING_COLLECTION } from '@swapbooth/event-bus';
import { createLogger } from '@swapbooth/service-kit';
import { keptRows, revision, writeSection } from './results';
import { answers } from './support/answers';
import { disposableMongo, disposableKafka, type DisposableServer } from '@swapbooth/test-kit';
import {
  CLK_TCK,
  findStack,
  foreignClients,
  machineTicks,
  readStat,
  SERVER_PORTS,
  SERVICE_PORTS,
  type StackProcess,
} from './idle/procs';
import { consumerLag } from './idle/lag';
import { measureProbes, type ProbeTimes } from './idle/probes';

/**
 * npm run bench:idle — how much CPU the whole local stack (servers, the eight services, the
 * gateway) uses when nobody uses it, and how soon an event still reaches its consumer.
 *
 * Uses the stack already running on :8080 and :4001–4008, or starts one (`scripts/stack.js`, with
 * the demo data) and stops it afterwards. Waits until the stack has settled, then reads every
 * process's CPU time from /proc over BENCH_IDLE_SECONDS (30). Goal: under 5% of one core in total.
 * The machine may be shared: the section also reports how busy the whole machine was meanwhile,
 * and which servers other processes were using too (their work shows in the server's figure).
 * BENCH_IDLE_SERVERS=private runs a MongoDB-protocol server and a Kafka of the benchmark's own for the stack
 * (on free ports), so their figures hold only the stack's work even on a shared machine.
 */
const root = path.resolve(__dirname, '../..');
const SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const WINDOW_SECONDS = 5;
const SETTLE_MIN_SECONDS = Number(process.env.BENCH_IDLE_SETTLE_MIN ?? 20);
const SETTLE_MAX_SECONDS = Number(process.env.BENCH_IDLE_SETTLE_MAX ?? 900);
const PROBES = Number(process.env.BENCH_IDLE_PROBES ?? 10);
/**
 * Seconds left alone between the benchmark's last look (its lag checks ask Kafka and the database
 * every few seconds while the stack settles) and the measurement: the servers answer those checks,
 * and the JVM compiles what they made hot, for a while after the last one.
 */
const QUIET_SECONDS = Number(process.env.BENCH_IDLE_QUIET_SECONDS ?? 20);
const GOAL_PERCENT = 5;
const GATEWAY = 'http://127.0.0.1:8080';
const PRIVATE_SERVERS = process.env.BENCH_IDLE_SERVERS === 'private';

const log = (msg: string) => process.stderr.write(`[bench:idle] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stackAnswers(): Promise<boolean> {
  const checks = await Promise.all(
    Object.values(SERVICE_PORTS).map((p) => answers(`http://127.0.0.1:${p}/readyz`, { ok: true })),
  );
  return checks.every(Boolean);
}

/** Starts every service and the gateway with the demo data, as `npm start` does after provisioning. */
async function startStack(env: Record<string, string>): Promise<ChildProcess> {
  log('no stack answers on :8080 and :4001–4008: building and starting one');
  const built = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  const child = spawn(process.execPath, [path.join(root, 'scripts/stack.js')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 100_000) output = output.slice(-10_000);
  });
  const deadline = Date.now() + 10 * 60_000;
  while (!/Swapbooth is running/.test(output)) {
    if (child.exitCode !== null)
      throw new Error(`the stack exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error('the stack did not start within 10 minutes');
    await sleep(500);
  }
  log('stack started and demo data seeded');
  return child;
}

async function stopStack(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** CPU ticks of each process now (undefined once it is gone). */
const ticksOf = (procs: StackProcess[]) => procs.map((p) => readStat(p.pid)?.ticks);

/** Percent of one core used by the stack between two tick readings over `seconds`. */
function percent(a: (number | undefined)[], b: (number | undefined)[], seconds: number): number[] {
  return a.map((t, i) =>
    t === undefined || b[i] === undefined ? NaN : ((b[i]! - t) / CLK_TCK / seconds) * 100,
  );
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + (Number.isFinite(x) ? x : 0), 0);

/**
 * Waits until start-up work is over: every consumer group of the stack has handled what was
 * published (seeding a fresh database publishes thousands of events), and two successive windows
 * use about the same CPU.
 */
async function settle(
  procs: StackProcess[],
  lag: () => Promise<number>,
): Promise<{ windows: number[]; seconds: number; settled: boolean }> {
  const started = Date.now();
  const windows: number[] = [];
  let before = ticksOf(procs);
  let caughtUp = 0;
  for (;;) {
    await sleep(WINDOW_SECONDS * 1000);
    const now = ticksOf(procs);
    windows.push(sum(percent(before, now, WINDOW_SECONDS)));
    before = now;
    const waited = (Date.now() - started) / 1000;
    const last = windows.at(-1)!;
    const prev = windows.at(-2);
    const steady = prev !== undefined && Math.abs(last - prev) <= Math.max(1, 0.25 * prev);
    const behind = await lag().catch(() => NaN);
    caughtUp = behind === 0 ? caughtUp + 1 : 0;
    log(
      `settling: ${last.toFixed(1)}% of a core over the last ${WINDOW_SECONDS} s, ${behind} events not yet published or consumed`,
    );
    if (waited >= SETTLE_MIN_SECONDS && steady && caughtUp >= 2) {
      return { windows, seconds: waited, settled: true };
    }
    if (waited >= SETTLE_MAX_SECONDS) return { windows, seconds: waited, settled: false };
  }
}

interface Sampled {
  perProcess: number[];
  /** Server → processes outside the stack that were connected to it. */
  foreign: Map<string, Set<number>>;
  windows: number[];
  machineBusy: number;
  load: number[];
}

async function sample(
  procs: StackProcess[],
  serverPorts: Record<string, number>,
): Promise<Sampled> {
  const first = ticksOf(procs);
  const m0 = machineTicks();
  const windows: number[] = [];
  const ours = new Set([...procs.map((p) => p.pid), process.pid]);
  const foreign = new Map<string, Set<number>>();
  const lookForOthers = () => {
    for (const [name, pids] of foreignClients(serverPorts, ours)) {
      foreign.set(name, new Set([...(foreign.get(name) ?? []), ...pids]));
    }
  };
  let before = first;
  for (let t = 0; t < SECONDS; t += WINDOW_SECONDS) {
    lookForOthers();
    const len = Math.min(WINDOW_SECONDS, SECONDS - t);
    await sleep(len * 1000);
    const now = ticksOf(procs);
    windows.push(sum(percent(before, now, len)));
    before = now;
  }
  lookForOthers();
  const m1 = machineTicks();
  return {
    perProcess: percent(first, before, SECONDS),
    foreign,
    windows,
    // Percent of one core, like the rest: the machine's busy jiffies over the window.
    machineBusy: ((m1.busy - m0.busy) / (m1.total - m0.total)) * os.cpus().length * 100,
    load: os.loadavg(),
  };
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const pct = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)}%` : '–');
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '–');

function summary(p: ProbeTimes) {
  const line = (xs: number[]) =>
    `${ms(percentile(xs, 0.5))} / ${ms(percentile(xs, 0.95))} / ${ms(Math.max(...xs))}`;
  return {
    consumer: line(p.consumer),
    relay: line(p.relay),
    signUp: line(p.signUp),
  };
}

async function main() {
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
  let started: ChildProcess | undefined;
  const own: Record<string, DisposableServer> = {};
  let mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
  let brokers = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';
  const serverPorts = { ...SERVER_PORTS };
  try {
    if (!(await stackAnswers())) {
      if (await answers(`${GATEWAY}/healthz`, { ok: true })) {
        throw new Error('part of a stack answers but not all of it: start or stop it first');
      }
      if (PRIVATE_SERVERS) {
        log('starting a MongoDB-protocol server and a Kafka of its own');
        own.mongo = await disposableMongo();
        own.kafka = await disposableKafka();
        await Promise.all([own.mongo.start(), own.kafka.start()]);
        mongoUrl = own.mongo.url;
        brokers = own.kafka.url;
        serverPorts.mongo = Number(/:(\d+)\/?$/.exec(own.mongo.url)?.[1]);
        serverPorts.kafka = Number(/:(\d+)$/.exec(own.kafka.url)?.[1]);
      }
      started = await startStack({ MONGO_URL: mongoUrl, KAFKA_BROKERS: brokers });
    } else {
      if (PRIVATE_SERVERS) throw new Error('BENCH_IDLE_SERVERS=private needs the stack stopped');
      log('using the stack that already runs');
    }
    const procs = findStack(root).map((p) =>
      own[p.name]?.pid ? { ...p, pid: own[p.name]!.pid! } : p,
    );
    log(`processes: ${procs.map((p) => `${p.name} (${p.pid})`).join(', ')}`);
    const missing = Object.keys(SERVICE_PORTS).filter((n) => !procs.some((p) => p.name === n));
    if (missing.length) throw new Error(`not found: ${missing.join(', ')}`);

    const kafka = createKafka(
      {
        brokers: brokers.split(','),
        clientId: 'bench-idle',
        prefix: process.env.KAFKA_TOPIC_PREFIX ?? '',
        partitions: 1,
      },
      createLogger('bench-idle', 'error'),
    );
    const admin = kafka.admin();
    await admin.connect();
    const groups = Object.keys(SERVICE_PORTS).map(
      (n) => `${process.env.KAFKA_TOPIC_PREFIX ?? ''}${n}`,
    );
    log(`waiting until it settles (at least ${SETTLE_MIN_SECONDS} s)`);
    const mongo = await mongoose.createConnection(mongoUrl).asPromise();
    const dbPrefix = process.env.MONGO_DB_PREFIX ?? 'swapbooth_';
    /** Events still to publish or to consume. */
    const backlog = async () => {
      let pending = 0;
      for (const name of Object.keys(SERVICE_PORTS)) {
        pending += await mongo
          .useDb(`${dbPrefix}${name}`)
          .collection(OUTBOX_PENDING_COLLECTION)
          .countDocuments({});
      }
      return pending + (await consumerLag(admin, groups));
    };
    const settled = await settle(procs, backlog);
    await admin.disconnect();
    await mongo.close();
    const settleWindows = settled.windows;
    log(`leaving it alone for ${QUIET_SECONDS} s`);
    await sleep(QUIET_SECONDS * 1000);
    log(`sampling ${SECONDS} s`);
    const s = await sample(procs, serverPorts);
    const total = sum(s.perProcess);
    log(`idle stack: ${total.toFixed(1)}% of one core (machine: ${s.machineBusy.toFixed(0)}%)`);

    log(`latency: ${PROBES} probes through the idle stack`);
    const probes = await measureProbes({
      kafka,
      topicPrefix: process.env.KAFKA_TOPIC_PREFIX ?? '',
      mongoUrl,
      dbPrefix: process.env.MONGO_DB_PREFIX ?? 'swapbooth_',
      gateway: GATEWAY,
      samples: PROBES,
      gapMs: 3000,
      timeoutMs: 30_000,
    });
    const lat = summary(probes);

    const rows = procs
      .map((p, i) => ({ p, v: s.perProcess[i]! }))
      .sort((a, b) => b.v - a.v)
      .map(({ p, v }) => {
        const others = s.foreign.get(p.name)?.size;
        const note = others
          ? ` (also used by ${others} process${others > 1 ? 'es' : ''} outside the stack)`
          : '';
        return `| ${p.name} | ${p.kind}${PRIVATE_SERVERS && own[p.name] ? ", the benchmark's own" : ''} | ${pct(v)}${note} |`;
      });
    const shared = [...s.foreign.keys()];
    const of = (kind: string) => sum(procs.map((p, i) => (p.kind === kind ? s.perProcess[i]! : 0)));
    const byName = (name: string) => s.perProcess[procs.findIndex((p) => p.name === name)] ?? NaN;
    const date = new Date().toISOString();
    const label = process.env.BENCH_IDLE_LABEL ? ` (${process.env.BENCH_IDLE_LABEL})` : '';
    const run = `| ${date} | ${revision()}${label}${PRIVATE_SERVERS ? ', own mongo + Kafka' : ''}${shared.length ? `, shared: ${shared.join(', ')}` : ''} | **${pct(total)}** | ${pct(byName('mongo'))} | ${pct(byName('kafka'))} | ${pct(of('server'))} | ${pct(of('service') + of('supervisor'))} | ${pct(s.machineBusy)} | ${lat.consumer} | ${lat.signUp} |`;
    const runs = [...keptRows('idle', 'Runs'), run];

    writeSection(
      'idle',
      `
The whole local stack with the demo data and no traffic: the servers (${procs
        .filter((p) => p.kind === 'server')
        .map((p) => p.name)
        .join(
          ', ',
        )}), the eight services and the gateway (${started ? 'started by the benchmark' : 'a stack that was already running'}). After it settled (${settled.settled ? `${Math.round(settled.seconds)} s, until no event was left to publish or to consume and the CPU stayed level` : `**it had not settled after ${Math.round(settled.seconds)} s**: consumers still catching up`}; the last ${WINDOW_SECONDS}-s windows used ${settleWindows
        .slice(-3)
        .map((w) => pct(w))
        .join(
          ', ',
        )} of a core) and then ${QUIET_SECONDS} s more without the benchmark's own checks, each process's CPU time (user + system, all threads, from \`/proc/<pid>/stat\`) over ${SECONDS} s, in percent of one core. Goal: under ${GOAL_PERCENT}% in total.

Servers: ${PRIVATE_SERVERS ? "the database and Kafka of the benchmark's own (`BENCH_IDLE_SERVERS=private`, the test kit's disposable servers on free ports), the others shared" : 'the local servers as `npm start` uses them'}. ${shared.length ? `Processes outside the stack were connected to ${shared.join(', ')} meanwhile: those figures include their work (\`BENCH_IDLE_SERVERS=private\` avoids that for the database and Kafka).` : 'No process outside the stack was connected to the servers meanwhile.'}

The machine has ${os.cpus().length} cores and is shared: over the same ${SECONDS} s it was busy for ${pct(s.machineBusy)} of one core in all (the stack's share included), load average ${s.load.map((l) => l.toFixed(2)).join(' / ')}. Work elsewhere slows the stack's own work down too, so rerun \`npm run bench:idle\` on a quiet machine for the cleanest figure.

| process | kind | CPU, % of one core |
|---|---|---|
${rows.join('\n')}
| **total** | | **${pct(total)}** (${GOAL_PERCENT}% goal: ${total < GOAL_PERCENT ? 'met' : '**NOT met**'}) |

Per ${WINDOW_SECONDS}-s window: ${s.windows.map((w) => pct(w)).join(', ')}.

An event on the idle stack (${PROBES} probes each, ${3} s apart so every consumer is back in its idle wait; p50 / p95 / max ms; ${probes.misses} not handled within 30 s):

| path | p50 / p95 / max ms |
|---|---|
| e-mail request put on Kafka → handled by the notification service | ${lat.consumer} |
| sign-up answered by the gateway → its code request on Kafka (auth's outbox relay) | ${lat.relay} |
| sign-up answered → code request handled by the notification service | ${lat.signUp} |

### Runs

Each run adds a row (total, database and Kafka in % of one core; "machine" is everything the machine ran meanwhile).

| date | revision | stack total | database | Kafka | all servers | services + gateway | machine | event → consumer ms p50/p95/max | sign-up → consumer ms p50/p95/max |
|---|---|---|---|---|---|---|---|---|---|
${runs.join('\n')}
`,
    );
    log('written to bench/RESULTS.md');
  } finally {
    if (started) {
      log('stopping the stack it started');
      await stopStack(started);
    }
    for (const server of Object.values(own)) await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
