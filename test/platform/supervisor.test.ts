import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eventually } from '@swapbooth/test-kit';

/**
 * The supervisor npm start runs each service under (scripts/supervisor.js), with real processes:
 * restarts with a doubling delay and a cap, gives up on a process that keeps crashing soon after
 * starting, forgets old crashes after a healthy run, and stop() leaves nothing running.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Supervisor, backoffDelay, supervisionSettings } = require(
  path.resolve(__dirname, '../../scripts/supervisor.js'),
);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { replicaPlan, replicaUrls } = require(path.resolve(__dirname, '../../scripts/replicas.js'));

interface Events {
  started: number[];
  crashes: Array<{ delayMs: number; fastCrashes: number; exit: unknown }>;
  gaveUp: Array<{ fastCrashes: number }>;
}

/** A supervisor of `node -e <code>`, recording what it reports. */
function supervise(code: string, settings: Record<string, number>) {
  const events: Events = { started: [], crashes: [], gaveUp: [] };
  const children: ChildProcess[] = [];
  const s = new Supervisor(
    'probe',
    () => {
      const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
      children.push(child);
      return child;
    },
    settings,
  );
  s.on('started', () => events.started.push(Date.now()));
  s.on('crashed', (c: Events['crashes'][number]) => events.crashes.push(c));
  s.on('gave-up', (g: Events['gaveUp'][number]) => events.gaveUp.push(g));
  return { s, events, children };
}

/** Waits until the expectations in `check` hold. */
const until = (check: () => void, timeoutMs?: number) =>
  eventually(() => {
    check();
    return true;
  }, timeoutMs);

const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('service supervision (npm start)', () => {
  it('doubles the delay before each restart up to the cap', () => {
    const settings = { backoffMs: 1000, maxBackoffMs: 30000, stableMs: 60000, maxFastCrashes: 9 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, settings))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('reads its figures from the environment and refuses nonsense', () => {
    expect(supervisionSettings({})).toEqual({
      backoffMs: 1000,
      maxBackoffMs: 30000,
      stableMs: 60000,
      maxFastCrashes: 5,
    });
    expect(supervisionSettings({ SUPERVISE_BACKOFF_MS: '250' }).backoffMs).toBe(250);
    expect(() => supervisionSettings({ SUPERVISE_MAX_FAST_CRASHES: 'lots' })).toThrow(
      'SUPERVISE_MAX_FAST_CRASHES must be a number',
    );
  });

  it('restarts a crashing process with growing delays, then gives up on it', async () => {
    const { s, events } = supervise('process.exit(3)', {
      backoffMs: 100,
      maxBackoffMs: 250,
      stableMs: 60000,
      maxFastCrashes: 4,
    });
    s.start();
    await until(() => expect(events.gaveUp).toHaveLength(1), 20000);
    expect(events.crashes.map((c) => c.delayMs)).toEqual([100, 200, 250]);
    expect(events.crashes.map((c) => c.exit)).toEqual([3, 3, 3]);
    expect(events.gaveUp[0]!.fastCrashes).toBe(4);
    expect(events.started).toHaveLength(4);
    // Each restart waited at least its delay.
    for (let i = 1; i < events.started.length; i++) {
      expect(events.started[i]! - events.started[i - 1]!).toBeGreaterThanOrEqual(
        events.crashes[i - 1]!.delayMs,
      );
    }
    expect(s.state).toBe('given-up');
    await s.stop();
  });

  it('counts crashes again from one after a run that lasted long enough', async () => {
    // Each run lasts 300 ms: longer than stableMs, so no crash is "fast" and it never gives up.
    const { s, events } = supervise('setTimeout(() => process.exit(1), 300)', {
      backoffMs: 50,
      maxBackoffMs: 1000,
      stableMs: 200,
      maxFastCrashes: 2,
    });
    s.start();
    await until(() => expect(events.crashes.length).toBeGreaterThanOrEqual(3), 20000);
    await s.stop();
    expect(events.gaveUp).toHaveLength(0);
    expect(events.crashes.every((c) => c.fastCrashes === 1 && c.delayMs === 50)).toBe(true);
  });

  it('restarts a process killed with SIGKILL, and stop() ends it and any restart due', async () => {
    const { s, events, children } = supervise('setInterval(() => {}, 1000)', {
      backoffMs: 100,
      maxBackoffMs: 1000,
      stableMs: 60000,
      maxFastCrashes: 5,
    });
    s.start();
    await until(() => expect(alive(children[0]?.pid)).toBe(true));
    children[0]!.kill('SIGKILL');
    await until(() => expect(events.started).toHaveLength(2), 10000);
    expect(events.crashes[0]!.exit).toBe('SIGKILL');
    await until(() => expect(alive(children[1]?.pid)).toBe(true));
    // Killed again and stopped while its restart is pending: it stays down.
    children[1]!.kill('SIGKILL');
    await until(() => expect(events.crashes).toHaveLength(2));
    await s.stop();
    await new Promise((r) => setTimeout(r, 400)); // longer than the pending 200 ms restart
    expect(events.started).toHaveLength(2);
    expect(children.some((c) => alive(c.pid))).toBe(false);
    expect(s.state).toBe('stopped');
  });
});

describe('replicas of a service (npm start with REPLICAS_<NAME>)', () => {
  const registry = [
    { name: 'catalog', port: 4002 },
    { name: 'exchange', port: 4004 },
  ];

  it('runs one process per service on its own port by default, as before', () => {
    expect(replicaPlan(registry, {})).toEqual([
      { service: 'catalog', label: 'catalog', port: 4002 },
      { service: 'exchange', label: 'exchange', port: 4004 },
    ]);
    expect(replicaUrls(replicaPlan(registry, {}), 'exchange')).toBe('http://127.0.0.1:4004');
  });

  it('runs N of a service on ports 10 apart, and its URL setting lists them all', () => {
    const plan = replicaPlan(registry, { REPLICAS_EXCHANGE: '3' }, 100);
    expect(plan).toEqual([
      { service: 'catalog', label: 'catalog', port: 4102 },
      { service: 'exchange', label: 'exchange', port: 4104 },
      { service: 'exchange', label: 'exchange-2', port: 4114 },
      { service: 'exchange', label: 'exchange-3', port: 4124 },
    ]);
    expect(replicaUrls(plan, 'exchange')).toBe(
      'http://127.0.0.1:4104,http://127.0.0.1:4114,http://127.0.0.1:4124',
    );
  });

  it('refuses a count that is not a whole number from 1 to 9', () => {
    for (const bad of ['0', '2.5', 'two', '10']) {
      expect(() => replicaPlan(registry, { REPLICAS_CATALOG: bad })).toThrow(
        `REPLICAS_CATALOG must be a whole number from 1 to 9, not "${bad}"`,
      );
    }
  });
});
