import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { Agent, request, type Dispatcher } from 'undici';
import { createEvent, type EventData, type EventType } from '@swapbooth/contracts';
import { deleteRunTopics, dropRunDatabases } from '@swapbooth/test-kit';
import { listeners } from '../idle/procs';

/**
 * What the benchmarks that start services share: a run's own databases, topics and Redis keys,
 * built services started as child processes, readiness waits, a producer that announces events as
 * their producing service would, and nearest-rank percentiles.
 */

export const root = path.resolve(__dirname, '../../..');
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Nearest-rank percentile of an ascending list (NaN for an empty one). */
export const pct = (sorted: readonly number[], q: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/** What the database server was, for the write-up: the local one (and its store) unless MONGO_URL names another. */
export function databaseServer(): string {
  const url = process.env.MONGO_URL ?? '';
  // The store of the server that runs (its `--store` argument), not the one this shell would
  // start: a server started for `npm test` keeps running in memory. A local server of its own on
  // another port (MONGO_URL=mongodb://127.0.0.1:27117/ …) counts as the local one.
  const running = runningMongoStore();
  if (url && !running && !/127\.0\.0\.1:27017|localhost:27017/.test(url)) {
    return 'the database at MONGO_URL';
  }
  const store =
    (running ?? process.env.SWAPBOOTH_MONGO_STORE) === 'memory' ? 'memory store' : 'H2 file store';
  return `the local mongo-java-server (${store}, as \`npm ${store === 'memory store' ? 'test' : 'start'}\` runs it)`;
}

/** `memory` or `file` from the running local server's command line, or undefined if not found. */
function runningMongoStore(): 'memory' | 'file' | undefined {
  const pid = listeners().get(Number(/:(\d+)\/?$/.exec(process.env.MONGO_URL ?? '')?.[1] ?? 27017));
  if (!pid) return undefined;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const at = args.indexOf('--store');
    if (at < 0 || !args.includes('LocalMongo')) return undefined;
    return args[at + 1] === 'memory' ? 'memory' : 'file';
  } catch {
    return undefined;
  }
}

/** Polls `url` until it answers 2xx (every 100 ms, for `timeoutMs`); throws naming `what`. */
export async function waitUntilReady(url: string, what = url, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`${what} did not answer at ${url}`);
}

/** A benchmark run's own names: databases, topics and Redis keys under a prefix of its own. */
export interface BenchRun {
  run: string;
  /** The Kafka topic prefix (`<run>.`). */
  prefix: string;
  /** The environment every service of the run starts with. */
  env: NodeJS.ProcessEnv;
  /**
   * Deletes the run's topics and drops its databases on the shared servers (once its services have
   * stopped: a consumer still running could create a topic again); SWAPBOOTH_KEEP_DATA=1 keeps them.
   */
  cleanUp(): Promise<void>;
}

export function benchRun(tag = 'bench'): BenchRun {
  const run = `${tag}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const prefix = `${run}.`;
  const cleanUp = async () => {
    if (process.env.SWAPBOOTH_KEEP_DATA === '1') return;
    const { KAFKA_BROKERS, MONGO_URL } = process.env;
    await Promise.all([
      KAFKA_BROKERS ? deleteRunTopics(KAFKA_BROKERS, prefix) : undefined,
      MONGO_URL ? dropRunDatabases(MONGO_URL, `${run}_`) : undefined,
    ]).catch((err: unknown) => console.warn(`could not remove the run's data: ${String(err)}`));
  };
  return {
    run,
    prefix,
    cleanUp,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      MONGO_DB_PREFIX: `${run}_`,
      KAFKA_TOPIC_PREFIX: prefix,
      REDIS_KEY_PREFIX: `${run}:`,
      KAFKAJS_NO_PARTITIONER_WARNING: '1',
      // A benchmark's members propose far more often than a person: exchange's caps out of the way.
      PROPOSALS_PER_HOUR: '1000000000',
      OPEN_PROPOSALS_PER_PAIR: '1000000',
    },
  };
}

/** The gateway's settings for a benchmark: its own Redis keys, rate limits out of the way. */
export const benchGatewayEnv = (run: string): Record<string, string> => ({
  REDIS_KEY_PREFIX: `${run}-gw:`,
  RATE_LIMIT_IP_PER_WINDOW: '1000000000',
  RATE_LIMIT_USER_PER_WINDOW: '1000000000',
});

/** Built services (`dist/main.js`) started as child processes, all stopped together. */
export class BuiltProcesses {
  private readonly children: ChildProcess[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** Starts `file` (relative to the repository) with the run's environment plus `extra`. */
  start(file: string, extra: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, [path.join(root, file)], {
      env: { ...this.env, ...extra },
      stdio: 'inherit',
    });
    this.children.push(child);
    return child;
  }

  stopAll(): void {
    for (const c of this.children) c.kill('SIGTERM');
  }

  /** Stops every child and waits until each has exited (SIGKILL after 20 s). */
  async stopAndWait(): Promise<void> {
    await Promise.all(
      this.children.map((c) =>
        c.exitCode !== null || c.signalCode !== null
          ? undefined
          : new Promise<void>((resolve) => {
              const force = setTimeout(() => c.kill('SIGKILL'), 20_000);
              c.once('exit', () => {
                clearTimeout(force);
                resolve();
              });
              c.kill('SIGTERM');
            }),
      ),
    );
  }
}

/** A producer on the machine's Kafka (KAFKA_BROKERS), partitioned as the services' own are. */
export function benchProducer(clientId: string): Producer {
  const kafka = new Kafka({
    clientId,
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  return kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
}

/** One event as its producing service would publish it (envelope, key, the run's topic). */
export function eventMessage<K extends EventType>(
  type: K,
  subject: string,
  data: EventData<K>,
): { key: string; value: string } {
  return {
    key: subject,
    value: JSON.stringify(createEvent(type, data, { producer: 'bench', subject })),
  };
}

export async function publish<K extends EventType>(
  producer: Producer,
  prefix: string,
  type: K,
  subject: string,
  data: EventData<K>,
  topic: string,
): Promise<void> {
  await producer.send({
    topic: `${prefix}${topic}`,
    messages: [eventMessage(type, subject, data)],
  });
}

/** A published listing as catalog announces it; `label` names the benchmark in its text. */
export function listingCreated(
  id: string,
  owner: string,
  i: number,
  label: { slug: string; title: string; benchmark: string; category?: string; service?: boolean },
): EventData<'product.created'> {
  const now = new Date().toISOString();
  return {
    productId: id,
    userId: owner,
    slug: `${label.slug}-${i}-${id.slice(0, 6)}`,
    title: `${label.title} ${i}`,
    description: `A listing made by the ${label.benchmark} benchmark`,
    category: label.category ?? 'Books',
    type: label.service ? 'service' : 'item',
    tags: [],
    status: 'published',
    images: [],
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

export interface JsonAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: any; message?: string };
}

/**
 * The benchmarks' HTTP client: undici's own `request` on a keep-alive pool. The clients share the
 * machine's cores with the servers they measure, and `fetch` (WHATWG streams, Request/Response
 * objects) costs about twice the CPU per call, which the servers would otherwise lose.
 */
const client = new Agent({ keepAliveTimeout: 30_000, connections: 64 });

/** A JSON call with a member's token; a body that is not JSON reads as {}. */
export async function callAs(
  base: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const res = await request(`${base}${url}`, {
    dispatcher: client,
    method: method as Dispatcher.HttpMethod,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.body.text();
  let parsed: JsonAnswer['body'] = {};
  try {
    parsed = JSON.parse(text) as JsonAnswer['body'];
  } catch {
    // not JSON (an empty 204, a proxy's page): read as {}
  }
  return { status: res.statusCode, body: parsed };
}
