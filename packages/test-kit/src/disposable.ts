import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Throwaway servers a test may stop and restart (to prove readiness checks) without touching the
 * shared ones other tests use. Same binaries as infra/local, from the same cache.
 */
const cache = process.env.SWAPBOOTH_CACHE ?? path.join(os.homedir(), '.cache/swapbooth');

/** Whether something may listen on `port` at 127.0.0.1 now. */
export const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/**
 * The first port of the range the kernel gives outgoing connections their local ports from
 * (Linux's ip_local_port_range; 32768, its usual start, where it cannot be read).
 */
export function ephemeralPortFloor(): number {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(low) && low > 0 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** Ports handed out here start above the well-known servers' (MongoDB, Kafka, Redis...) defaults. */
const LOWEST_PICKED = 10_000;

/**
 * A port free to listen on, for a server started after this returns (often in another process).
 * It is picked below the range outgoing connections take their local ports from: a port the kernel
 * chose (listening on 0) lies in that range, and a client connection opened in the meantime (the
 * stack's own, to Redis, Kafka or MongoDB) could take it before the server binds it.
 */
export async function freePort(): Promise<number> {
  const floor = ephemeralPortFloor();
  for (let attempt = 0; floor - LOWEST_PICKED > 1000 && attempt < 50; attempt++) {
    const port = LOWEST_PICKED + Math.floor(Math.random() * (floor - LOWEST_PICKED));
    if (await portFree(port)) return port;
  }
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`port ${port} did not open within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface DisposableServer {
  url: string;
  /** The server's process while it runs. */
  readonly pid: number | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function processServer(
  cmd: string,
  args: string[],
  port: number,
  url: string,
  startTimeoutMs: number,
  ready?: () => Promise<void>,
): DisposableServer {
  let child: ChildProcess | undefined;
  return {
    url,
    get pid() {
      return child?.exitCode === null ? child.pid : undefined;
    },
    async start() {
      child = spawn(cmd, args, { stdio: 'ignore' });
      await waitForPort(port, startTimeoutMs);
      await ready?.();
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
      child = undefined;
    },
  };
}

/**
 * A local MongoDB-protocol server of its own (infra/local/mongo, on an H2 file in a temporary
 * folder, so its data survives stop/start). Needs `infra.sh provision` to have run once.
 */
export async function disposableMongo(): Promise<DisposableServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'swapbooth-mongo-'));
  const classpath = readFileSync(path.join(cache, 'mongo-local.classpath'), 'utf8').trim();
  return processServer(
    'java',
    [
      '-Xmx512m',
      '-XX:+UseSerialGC',
      '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
      '-cp',
      classpath,
      'LocalMongo',
      '--listen',
      `127.0.0.1:${port}`,
      '--store',
      path.join(dir, 'data.mv'),
    ],
    port,
    `mongodb://127.0.0.1:${port}/`,
    30000,
  );
}

export interface DisposableKafkaOptions {
  /**
   * Server properties over the defaults, given the client and controller ports: e.g. a client
   * listener that wants TLS and SASL (listeners, advertised.listeners, the protocol map, …).
   */
  properties?: (ports: { port: number; controller: number }) => Record<string, string>;
  /** More arguments for the storage format, e.g. SCRAM users (`-S`, `SCRAM-SHA-512=[…]`). */
  formatArgs?: string[];
}

/** A single-node KRaft Kafka of its own; data survives stop/start. */
export async function disposableKafka(
  options: DisposableKafkaOptions = {},
): Promise<DisposableServer> {
  const port = await freePort();
  const controller = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'swapbooth-kafka-'));
  const libs = path.join(cache, 'kafka-3.9.1-libs/*');
  mkdirSync(path.join(dir, 'logs'));
  const props = path.join(dir, 'server.properties');
  const properties: Record<string, string> = {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@127.0.0.1:${controller}`,
    listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controller}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'log.dirs': `${dir}/logs`,
    'offsets.topic.replication.factor': '1',
    'offsets.topic.num.partitions': '1',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
    'group.initial.rebalance.delay.ms': '0',
    'metadata.max.idle.interval.ms': '5000',
    ...options.properties?.({ port, controller }),
  };
  writeFileSync(
    props,
    Object.entries(properties)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  );
  const log4j = path.join(dir, 'log4j.properties');
  writeFileSync(
    log4j,
    'log4j.rootLogger=ERROR, stdout\nlog4j.appender.stdout=org.apache.log4j.ConsoleAppender\nlog4j.appender.stdout.layout=org.apache.log4j.PatternLayout\n',
  );
  execFileSync(
    'java',
    [
      '-cp',
      libs,
      `-Dlog4j.configuration=file:${log4j}`,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      'swapbooth-disposable-1',
      '-c',
      props,
      '--ignore-formatted',
      ...(options.formatArgs ?? []),
    ],
    { stdio: 'ignore' },
  );
  return processServer(
    'java',
    [
      '-Xms128m',
      '-Xmx384m',
      '-XX:+UseSerialGC',
      `-Dlog4j.configuration=file:${log4j}`,
      '-cp',
      libs,
      'kafka.Kafka',
      props,
    ],
    port,
    `127.0.0.1:${port}`,
    60000,
  );
}

/**
 * A Redis of its own, without persistence: stopped (SIGKILL) and started again it comes back
 * empty, as a Redis restart without persistence does.
 */
export async function disposableRedis(): Promise<DisposableServer> {
  const port = await freePort();
  return processServer(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    port,
    `redis://127.0.0.1:${port}`,
    20_000,
  );
}
