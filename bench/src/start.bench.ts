import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keptRows, writeSection } from './results';
import { answers } from './support/answers';

/**
 * npm run bench:start — how long `npm start` takes until it prints where to open the app, on a
 * fresh clone of this checkout's commit (cold: `npm install`, the build, the servers' first start
 * with empty data, the demo data seeded) and then again on the same clone (warm: everything
 * installed, built and seeded). The tools the first run ever on a machine fetches and builds
 * (Node, the servers, Chromium) are kept in ~/.cache/swapbooth and reused here; the figures do not
 * include fetching them. The default ports (the app's :8080, the servers') must be free: stop a
 * running `npm start` first. Each run is stopped as Ctrl-C stops it, and its servers with it.
 */
const root = path.resolve(__dirname, '../..');
const READY = /Swapbooth is running/;
const LIMIT_MS = Number(process.env.BENCH_START_LIMIT_MS ?? 30 * 60_000);
/**
 * Another commit to time instead of this checkout's (BENCH_START_REVISION=<commit>), for a before
 * and after on one machine; its row says which. The cache the servers are built into is shared, so
 * an older commit whose servers differ builds them in its first (cold) run: take a second run's.
 */
const REVISION = process.env.BENCH_START_REVISION;

const log = (msg: string) => process.stderr.write(`[bench:start] ${msg}\n`);

/** Runs `npm start` in dir until it says where to open the app; ms taken. Stops it afterwards. */
async function timedStart(dir: string, label: string): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) {
    if (k.startsWith('OTEL_') || k.startsWith('SWAPBOOTH_INFRA') || k === 'OBSERVE') delete env[k];
  }
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: dir, env, detached: true, stdio: 'pipe' });
  let output = '';
  let ready: number | undefined;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const readyOrExit = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (ready === undefined && READY.test(output)) {
        ready = performance.now() - started;
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => resolve());
  });
  const limit = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
  await readyOrExit;
  clearTimeout(limit);
  log(
    `${label}: ${ready === undefined ? 'never ready' : `ready in ${(ready / 1000).toFixed(1)} s`}`,
  );
  // Ctrl-C: the whole process group, as a terminal sends it.
  if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
  await exited;
  if (ready === undefined) {
    throw new Error(`${label} npm start never printed where to open the app:\n${output}`);
  }
  return ready;
}

async function main(): Promise<void> {
  if (await answers('http://127.0.0.1:8080/')) {
    throw new Error('something answers on :8080: stop the running npm start first');
  }
  // The clone holds the commit only: uncommitted changes are not measured.
  const commit = execFileSync('git', ['rev-parse', '--short', REVISION ?? 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'swapbooth-start-'));
  const clone = path.join(dir, 'main');
  try {
    execFileSync('git', ['clone', '-q', root, clone]);
    if (REVISION) execFileSync('git', ['checkout', '-q', REVISION], { cwd: clone });
    const load = os.loadavg();
    const cold = await timedStart(clone, 'cold');
    const warm = await timedStart(clone, 'warm');
    const loadAfter = os.loadavg();
    const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
    const row = `| ${new Date().toISOString()} | ${commit} | ${(cold / 1000).toFixed(1)} | ${(warm / 1000).toFixed(1)} | ${fmt(load)} → ${fmt(loadAfter)} |`;
    const rows = [...keptRows('start', 'Runs'), row];
    const body = `
\`npm run bench:start\`: \`npm start\` on a fresh clone of the commit (cold: \`npm install\`, the build of
the services and the web client, the local servers' first start with empty data, the demo data
seeded) and then again on the same clone (warm: installed, built and seeded), each timed from the
command until it prints where to open the app, then stopped as Ctrl-C stops it. The tools the
first run on a machine fetches and builds (Node, the servers, Chromium) come from the machine's
cache (\`~/.cache/swapbooth\`) and are not included; fetching and building them took several minutes
more on a machine without them.

### Runs

| date | revision | cold s | warm s | load average before → after |
|---|---|---|---|---|
${rows.join('\n')}
`;
    writeSection('start', body);
    console.log(body);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
