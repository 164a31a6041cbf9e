import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { serviceRegistry } from '@swapbooth/contracts';
import { ephemeralPortFloor, portFree } from '@swapbooth/test-kit';

export const root = path.resolve(__dirname, '../..');

/**
 * A port offset under which every service's port and the gateway's (offset + 8080), and their
 * metrics ports (each + 1000), are free and lie below the range outgoing connections take their
 * local ports from (so none of the stack's own client connections can take one first).
 */
export async function freePortOffset(): Promise<number> {
  const highest = Math.max(...serviceRegistry.map((s) => s.port), 8080) + 1000;
  const blocks = Math.floor((ephemeralPortFloor() - 1 - highest - 10_000) / 100);
  if (blocks < 1) throw new Error('no room for a private stack below the ephemeral port range');
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 10_000 + Math.floor(Math.random() * blocks) * 100;
    const ports = [...serviceRegistry.map((s) => s.port), 8080].flatMap((p) => [
      p + offset,
      p + 1000 + offset,
    ]);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return offset;
  }
  throw new Error('no free block of ports for a private stack');
}

/** One line this stack script (not a child) wrote about supervision. */
export interface StackNote {
  msg: string;
  child?: string;
  pid?: number;
  exit?: string;
  gaveUp?: boolean;
  downMs?: number;
  time: number;
}

/** `node scripts/stack.js` as npm start runs it, on ports, databases and topics of its own. */
export interface StackProcess {
  proc: ChildProcess;
  gateway: string;
  /** Database name prefix. */
  prefix: string;
  topicPrefix: string;
  notes: StackNote[];
  output: string[];
  /** The pid of the running process of one service (a child of the stack). */
  pidOf(service: string): number | undefined;
  /** Sends SIGINT (Ctrl-C) and resolves with the exit code. */
  interrupt(): Promise<number | null>;
}

export async function startStack(
  services: string[],
  extraEnv: Record<string, string> = {},
): Promise<StackProcess> {
  const offset = await freePortOffset();
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  const run = base.FAULTS_RUN ?? 'faults';
  const prefix = `${run}_${tag}_`;
  const topicPrefix = `${run}.${tag}.`;
  const gatewayPort = 8080 + offset;
  const proc = spawn(process.execPath, [path.join(root, 'scripts/stack.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...base,
      STACK_SERVICES: services.join(','),
      STACK_PORT_OFFSET: String(offset),
      PORT: String(gatewayPort),
      SKIP_SEED: '1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      MONGO_DB_PREFIX: prefix,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      REDIS_KEY_PREFIX: `${run}:${tag}:`,
      KAFKA_PARTITIONS: '1',
      ...extraEnv,
    },
  });
  const notes: StackNote[] = [];
  const output: string[] = [];
  let buffered = '';
  const read = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      output.push(line);
      if (output.length > 2000) output.shift();
      if (!line.startsWith('{"level"')) continue;
      try {
        const rec = JSON.parse(line) as StackNote & { service?: string };
        if (rec.service === 'stack') notes.push(rec);
      } catch {
        /* not a record */
      }
    }
  };
  proc.stdout!.on('data', read);
  proc.stderr!.on('data', read);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
  return {
    proc,
    gateway: `http://127.0.0.1:${gatewayPort}`,
    prefix,
    topicPrefix,
    notes,
    output,
    pidOf(service) {
      const entry = `services/${service}/dist/main.js`;
      let listing = '';
      try {
        listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(proc.pid)], {
          encoding: 'utf8',
        });
      } catch {
        // ps exits 1 when the stack has no children
      }
      for (const line of listing.split('\n')) {
        const [pid, ...args] = line.trim().split(/\s+/);
        if (args.join(' ').includes(entry)) return Number(pid);
      }
      return undefined;
    },
    async interrupt() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGINT');
      return exited;
    },
  };
}

/** Whether a process exists. */
export const alive = (pid: number | undefined): boolean => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
