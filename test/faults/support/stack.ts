import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kafka, logLevel, Partitioners, type Admin, type Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import {
  createEvent,
  serviceEntry,
  topicOf,
  type EventData,
  type EventType,
  type ServiceName,
} from '@swapbooth/contracts';
import { freePort } from '@swapbooth/test-kit';
import { instanceName, repoRoot } from './instance';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the processes of a run write their output (git-ignored, with the instance's logs). */
export const logDir = path.join(
  repoRoot,
  'infra/local/.run/instances',
  instanceName,
  'logs',
  process.env.FAULTS_RUN ?? 'run',
);

/** Polls url until it answers 2xx. */
export async function waitReady(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/**
 * One service (or the gateway) as a real process started from its built entry point, as npm start
 * starts it, so a scenario can SIGKILL it.
 */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private exit: Promise<void> = Promise.resolve();
  readonly url: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logName: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Started and answering /readyz (until it exits). */
  get ready(): boolean {
    return this.readyOnce && this.running;
  }

  private readyOnce = false;

  /** Starts the process and waits until /readyz answers. */
  async start(timeoutMs = 120_000): Promise<void> {
    mkdirSync(logDir, { recursive: true });
    const out = createWriteStream(path.join(logDir, `${this.logName}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [this.entry], {
      cwd: repoRoot,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    this.child = child;
    this.exit = new Promise((r) =>
      child.once('exit', () => {
        out.end();
        r();
      }),
    );
    const ready = waitReady(`${this.url}/readyz`, timeoutMs);
    const died = this.exit.then(() => {
      throw new Error(`${this.logName} exited while starting (see ${logDir}/${this.logName}.log)`);
    });
    await Promise.race([ready, died]);
    this.readyOnce = true;
  }

  /** Sends a signal; SIGKILL gives the process no chance to finish anything. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.running) return;
    this.child!.kill(signal);
    await this.exit;
  }

  /** A graceful stop (SIGTERM: drain HTTP, stop consuming, flush the outbox). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGTERM');
    const done = await Promise.race([this.exit.then(() => true), sleep(20_000).then(() => false)]);
    if (!done) await this.kill('SIGKILL');
  }
}

export interface StackOptions {
  /** Services to start, in order (each once; more replicas through addReplica). */
  services: ServiceName[];
  gateway?: boolean;
  /** Settings for every process (on top of the instance's and the scenario's prefixes). */
  env?: Record<string, string>;
  /** Settings for one service's processes. */
  envOf?: Partial<Record<ServiceName | 'gateway', Record<string, string>>>;
}

/**
 * A scenario's services as processes on the fault suite's private servers, with database, topic
 * and key prefixes of their own, plus what the scenario needs to drive and observe them: a producer
 * for the upstream facts other services would announce, and the services' own databases to count.
 */
export class FaultStack {
  readonly env: NodeJS.ProcessEnv;
  readonly processes: ServiceProcess[] = [];
  private kafka: Kafka;
  private producer: Producer | undefined;
  private admin: Admin | undefined;
  private readonly conns = new Map<string, Connection>();
  private replicaCount = new Map<string, number>();
  gatewayUrl = '';

  private constructor(
    readonly tag: string,
    private readonly opts: StackOptions,
  ) {
    const run = process.env.FAULTS_RUN ?? 'fault';
    const base = { ...process.env };
    // Component-test settings that must not leak into these processes.
    delete base.KAFKA_GROUP_PREFIX;
    delete base.KAFKA_CONSUME_FROM;
    delete base.PORT;
    this.env = {
      ...base,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      KAFKAJS_NO_PARTITIONER_WARNING: '1',
      MONGO_DB_PREFIX: `${run}_${tag}_`,
      KAFKA_TOPIC_PREFIX: `${run}.${tag}.`,
      REDIS_KEY_PREFIX: `${run}:${tag}:`,
      KAFKA_FETCH_WAIT_MS: '1000',
      OUTBOX_SWEEP_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '5000',
      // The scenarios' members propose far more often than a person: exchange's caps out of the way.
      PROPOSALS_PER_HOUR: '1000000000',
      OPEN_PROPOSALS_PER_PAIR: '1000000',
      ...opts.env,
    };
    this.kafka = new Kafka({
      clientId: `faults-${tag}`,
      brokers: (this.env.KAFKA_BROKERS ?? '').split(','),
      logLevel: logLevel.NOTHING,
      retry: { retries: 20, initialRetryTime: 200, maxRetryTime: 2000 },
    });
  }

  static async start(tag: string, opts: StackOptions): Promise<FaultStack> {
    const stack = new FaultStack(tag, opts);
    try {
      await stack.boot();
    } catch (err) {
      await stack.stop();
      throw err;
    }
    return stack;
  }

  private async boot(): Promise<void> {
    const ports = new Map<string, number>();
    for (const s of this.opts.services) ports.set(s, await freePort());
    for (const s of this.opts.services) {
      this.env[serviceEntry(s).urlSetting] = `http://127.0.0.1:${ports.get(s)}`;
    }
    // One at a time: each creates the topics; starting together only makes the machine busier.
    for (const s of this.opts.services) await this.startProcess(s, ports.get(s)!);
    if (this.opts.gateway) {
      const gw = await this.startProcess('gateway', await freePort(), {
        RATE_LIMIT_IP_PER_WINDOW: '1000000000',
        RATE_LIMIT_USER_PER_WINDOW: '1000000000',
      });
      this.gatewayUrl = gw.url;
    }
  }

  private async startProcess(
    name: ServiceName | 'gateway',
    port: number,
    extra: Record<string, string> = {},
  ): Promise<ServiceProcess> {
    const n = (this.replicaCount.get(name) ?? 0) + 1;
    this.replicaCount.set(name, n);
    const entry =
      name === 'gateway'
        ? path.join(repoRoot, 'gateway/dist/main.js')
        : path.join(repoRoot, `services/${name}/dist/main.js`);
    const p = new ServiceProcess(
      name,
      port,
      entry,
      { ...this.env, ...extra, ...this.opts.envOf?.[name] },
      `${this.tag}-${name}-${n}`,
    );
    this.processes.push(p);
    await p.start();
    return p;
  }

  /** Another process of a service (a replica: same database, topics and consumer group). */
  async addReplica(name: ServiceName): Promise<ServiceProcess> {
    return this.startProcess(name, await freePort());
  }

  /** The first running process of a service. */
  service(name: ServiceName | 'gateway'): ServiceProcess {
    const p = this.processes.find((x) => x.name === name && x.running);
    if (!p) throw new Error(`no running ${name} process`);
    return p;
  }

  /** The processes of a service that have not exited (ready or still starting). */
  alive(name: ServiceName): ServiceProcess[] {
    return this.processes.filter((x) => x.name === name && x.running);
  }

  /** The processes of a service that are up (started and ready, not exited). */
  replicas(name: ServiceName): ServiceProcess[] {
    return this.processes.filter((x) => x.name === name && x.ready);
  }

  /** Full topic name of a contract topic in this stack. */
  topic(topic: string): string {
    return `${this.env.KAFKA_TOPIC_PREFIX}${topic}`;
  }

  /** Publishes an event as its producing service would (envelope, key, topic). */
  async publish<K extends EventType>(type: K, subject: string, data: EventData<K>): Promise<void> {
    await this.publishMany([{ type, subject, data }]);
  }

  async publishMany(
    events: Array<{ type: EventType; subject: string; data: EventData<EventType> }>,
  ): Promise<void> {
    const producer = await this.getProducer();
    const byTopic = new Map<string, Array<{ key: string; value: string }>>();
    for (const e of events) {
      const env = createEvent(e.type, e.data as never, { producer: 'faults', subject: e.subject });
      const t = this.topic(topicOf(e.type));
      byTopic.set(t, [...(byTopic.get(t) ?? []), { key: e.subject, value: JSON.stringify(env) }]);
    }
    for (const [topic, messages] of byTopic) {
      for (let i = 0; i < messages.length; i += 500) {
        await producer.send({ topic, messages: messages.slice(i, i + 500) });
      }
    }
  }

  /** Sends raw messages (poison: not an event at all, or an event its handler cannot apply). */
  async sendRaw(topic: string, messages: Array<{ key: string; value: string }>): Promise<void> {
    const producer = await this.getProducer();
    await producer.send({ topic: this.topic(topic), messages });
  }

  private async getProducer(): Promise<Producer> {
    if (!this.producer) {
      const p = this.kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
      await p.connect();
      this.producer = p;
    }
    return this.producer;
  }

  async getAdmin(): Promise<Admin> {
    if (!this.admin) {
      const a = this.kafka.admin();
      await a.connect();
      this.admin = a;
    }
    return this.admin;
  }

  /** Messages in a topic (sum of its partitions' end offsets). */
  async messagesIn(topic: string): Promise<number> {
    const offsets = await (await this.getAdmin()).fetchTopicOffsets(this.topic(topic));
    return offsets.reduce((n, o) => n + Number(o.high) - Number(o.low), 0);
  }

  /** A consumer group's lag over the given topics (committed offsets against end offsets). */
  async lag(groupOfService: ServiceName, topics: string[]): Promise<number> {
    const admin = await this.getAdmin();
    const groupId = `${this.env.KAFKA_TOPIC_PREFIX}${groupOfService}`;
    let lag = 0;
    for (const t of topics) {
      const full = this.topic(t);
      const [ends, committed] = await Promise.all([
        admin.fetchTopicOffsets(full),
        admin.fetchOffsets({ groupId, topics: [full] }),
      ]);
      const done = new Map(
        (committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]),
      );
      for (const e of ends) {
        const at = done.get(e.partition) ?? -1;
        lag += Number(e.high) - (at < 0 ? Number(e.low) : at);
      }
    }
    return lag;
  }

  /** The service's own database, read directly (for counting what it stored). */
  async db(service: ServiceName): Promise<Connection> {
    let conn = this.conns.get(service);
    if (!conn) {
      conn = await mongoose
        .createConnection(this.env.FAULTS_DIRECT_MONGO_URL ?? this.env.MONGO_URL!, {
          dbName: `${this.env.MONGO_DB_PREFIX}${service}`,
          serverSelectionTimeoutMS: 10_000,
        })
        .asPromise();
      this.conns.set(service, conn);
    }
    return conn;
  }

  /** Documents of a service's collection that still hold outbox events (0 when drained). */
  async outboxLeft(service: ServiceName): Promise<number> {
    const conn = await this.db(service);
    const names = (await conn.db!.listCollections().toArray()).map((c) => c.name);
    let left = 0;
    for (const name of names) {
      if (name === 'outbox_pending') {
        left += await conn.db!.collection(name).countDocuments();
        continue;
      }
      left += await conn.db!.collection(name).countDocuments({ _outboxPending: true });
    }
    return left;
  }

  /**
   * Stops every process (gracefully), then deletes the scenario's topics and databases, so the
   * private servers do not pile up a run's partitions and collections (FAULTS_KEEP_DATA=1 keeps
   * them for reading after a failure).
   */
  async stop(): Promise<void> {
    for (const p of [...this.processes].reverse()) await p.stop().catch(() => undefined);
    await this.producer?.disconnect().catch(() => undefined);
    if (process.env.FAULTS_KEEP_DATA !== '1') await this.dropData().catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
    for (const c of this.conns.values()) await c.close().catch(() => undefined);
  }

  private async dropData(): Promise<void> {
    const admin = await this.getAdmin();
    const prefix = String(this.env.KAFKA_TOPIC_PREFIX);
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics, timeout: 30_000 });
    const conn = await this.db('exchange');
    const dbs = await conn.db!.admin().listDatabases();
    for (const { name } of dbs.databases) {
      if (name.startsWith(String(this.env.MONGO_DB_PREFIX))) {
        await conn.getClient().db(name).dropDatabase();
      }
    }
  }
}
