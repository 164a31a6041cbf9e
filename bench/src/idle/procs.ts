import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where processes of the local stack are found and how much CPU they use, from /proc. */

export interface StackProcess {
  name: string;
  pid: number;
  /** "server", "service" or "supervisor". */
  kind: string;
}

/** Clock ticks per second for /proc/<pid>/stat times. */
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  ppid: number;
  /** utime + stime, in clock ticks (all threads of the process). */
  ticks: number;
}

export function readStat(pid: number): ProcStat | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

export const alive = (pid: number) => readStat(pid) !== undefined;

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Busy and total jiffies of the whole machine (all cores), from /proc/stat. */
export function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const v = cpu.map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Listening TCP port → pid, from `ss` (processes of every user are shown to root). */
export function listeners(): Map<number, number> {
  const out = new Map<number, number>();
  let text = '';
  try {
    text = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' });
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    const port = /:(\d+)\s/.exec(line.split(/\s+/).slice(3, 4).join(' ') + ' ')?.[1];
    const pid = /pid=(\d+)/.exec(line)?.[1];
    if (port && pid && !out.has(Number(port))) out.set(Number(port), Number(pid));
  }
  return out;
}

export const SERVER_PORTS: Record<string, number> = {
  mongo: 27017,
  kafka: 9092,
  redis: 6379,
  'stripe-mock': 12111,
  minio: 9000,
  maildev: 1080,
};

export const SERVICE_PORTS: Record<string, number> = {
  auth: 4001,
  catalog: 4002,
  search: 4003,
  exchange: 4004,
  chat: 4005,
  notification: 4006,
  payment: 4007,
  admin: 4008,
  gateway: 8080,
};

/**
 * Every process of the running stack: servers by their pid files in infra/local/.run (or, when
 * another checkout started them, by the port they listen on), services and the gateway by their
 * ports, and the process that started them (`scripts/stack.js`) when there is one.
 */
export function findStack(root: string): StackProcess[] {
  const found: StackProcess[] = [];
  const ports = listeners();
  const runDir = path.join(root, 'infra/local/.run');
  for (const [name, port] of Object.entries(SERVER_PORTS)) {
    const pidFile = path.join(runDir, `${name}.pid`);
    let pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : NaN;
    if (!Number.isFinite(pid) || !alive(pid)) pid = ports.get(port) ?? NaN;
    if (Number.isFinite(pid)) found.push({ name, pid, kind: 'server' });
  }
  const parents = new Set<number>();
  for (const [name, port] of Object.entries(SERVICE_PORTS)) {
    const pid = ports.get(port);
    if (pid === undefined) continue;
    found.push({ name, pid, kind: 'service' });
    const ppid = readStat(pid)?.ppid;
    if (ppid) parents.add(ppid);
  }
  for (const ppid of parents) {
    if (/stack\.js/.test(commandLine(ppid)))
      found.push({ name: 'stack.js', pid: ppid, kind: 'supervisor' });
  }
  return found;
}

/**
 * Processes outside the stack holding connections to a server (another checkout's tests, say):
 * their work shows in that server's CPU. Server name → their pids.
 */
export function foreignClients(
  servers: Record<string, number>,
  stackPids: ReadonlySet<number>,
): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  let text = '';
  try {
    text = execFileSync('ss', ['-tnpH', 'state', 'established'], { encoding: 'utf8' });
  } catch {
    return out;
  }
  const byPort = new Map(Object.entries(servers).map(([name, port]) => [port, name]));
  for (const line of text.split('\n')) {
    const addrs = line.match(/\S+:\d+(?=\s)/g);
    const pid = Number(/pid=(\d+)/.exec(line)?.[1]);
    if (!addrs || addrs.length < 2 || !pid || stackPids.has(pid)) continue;
    const peerPort = Number(addrs[1]!.slice(addrs[1]!.lastIndexOf(':') + 1));
    const name = byPort.get(peerPort);
    if (!name) continue;
    out.set(name, (out.get(name) ?? new Set()).add(pid));
  }
  return out;
}
