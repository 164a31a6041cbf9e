import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The bookkeeping that lets `npm test` and `npm start` stop exactly the local servers they started.
 * Real servers are shared with whatever else runs on the machine, so these tests work on copies of
 * the scripts in a scratch folder, with stand-in processes under the servers' names.
 */

const root = path.resolve(__dirname, '../..');

function run(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string>; detached?: boolean } = {},
): { child: ChildProcess; done: Promise<{ code: number | null; out: string }> } {
  // The outer run's KEEP_INFRA (KEEP_INFRA=1 npm test) must not decide what these runs stop.
  const { KEEP_INFRA: _outer, ...inherited } = process.env;
  const child = spawn('bash', args, {
    cwd: opts.cwd ?? root,
    env: { ...inherited, ...opts.env },
    detached: opts.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out })),
  );
  return { child, done };
}

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A long-running process standing in for a server; `exited` turns true once it is gone. */
function standIn() {
  const child = spawn('sleep', ['300'], { stdio: 'ignore' });
  const state = { pid: child.pid ?? 0, exited: false };
  child.on('exit', () => (state.exited = true));
  return { state, stop: () => child.kill('SIGKILL') };
}

describe('infra.sh down NAME…', () => {
  let dir: string;
  let script: string;
  const standIns: ReturnType<typeof standIn>[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'swapbooth-infra-'));
    script = path.join(dir, 'infra.sh');
    copyFileSync(path.join(root, 'infra/local/infra.sh'), script);
  });
  afterEach(() => {
    for (const s of standIns.splice(0)) s.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const pidFile = (name: string) => path.join(dir, '.run', `${name}.pid`);
  function started(name: string) {
    const s = standIn();
    standIns.push(s);
    mkdirSync(path.join(dir, '.run'), { recursive: true });
    writeFileSync(pidFile(name), `${s.state.pid}\n`);
    return s.state;
  }

  it('stops the named servers this checkout started and leaves the others running', async () => {
    const redis = started('redis');
    const kafka = started('kafka');
    const maildev = started('maildev');

    const { code, out } = await run([script, 'down', 'maildev', 'redis']).done;

    expect({ code, out }).toMatchObject({ code: 0, out: expect.stringContaining('stopped redis') });
    expect(out).toContain('stopped maildev');
    await until('the named stand-ins to exit', () => redis.exited && maildev.exited);
    expect([existsSync(pidFile('redis')), existsSync(pidFile('maildev'))]).toEqual([false, false]);
    expect(kafka.exited).toBe(false);
    expect(readFileSync(pidFile('kafka'), 'utf8').trim()).toBe(String(kafka.pid));
  });

  it('refuses a name that is not one of its servers, stopping nothing', async () => {
    const redis = started('redis');

    const { code, out } = await run([script, 'down', 'redis', 'postgres']).done;

    expect(code).not.toBe(0);
    expect(out).toContain("unknown server 'postgres'");
    expect(redis.exited).toBe(false);
    expect(existsSync(pidFile('redis'))).toBe(true);
  });

  it('does nothing for a named server it has no record of (started elsewhere)', async () => {
    const { code, out } = await run([script, 'down', 'mongo']).done;
    expect({ code, out }).toEqual({ code: 0, out: '' });
  });
});

describe('the scripts stop exactly the servers their run started', () => {
  let dir: string;
  const calls = () =>
    existsSync(path.join(dir, 'calls'))
      ? readFileSync(path.join(dir, 'calls'), 'utf8').trim().split('\n')
      : [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'swapbooth-run-'));
    mkdirSync(path.join(dir, 'scripts'));
    mkdirSync(path.join(dir, 'infra/local'), { recursive: true });
    copyFileSync(path.join(root, 'scripts/lib.sh'), path.join(dir, 'scripts/lib.sh'));
    // The running node is the project's, so sourcing lib.sh fetches nothing.
    writeFileSync(path.join(dir, '.nvmrc'), `${process.versions.node}\n`);
    // infra.sh's stand-in: `up` claims to start redis and kafka, every call is logged.
    const fake = path.join(dir, 'infra/local/infra.sh');
    writeFileSync(
      fake,
      [
        '#!/usr/bin/env bash',
        'echo "$*" >>"$(dirname "$0")/../../calls"',
        'if [ "$1 $2" = "up --record" ]; then printf "redis\\nkafka\\n" >>"$3"; fi',
        '',
      ].join('\n'),
    );
    chmodSync(fake, 0o755);
    writeFileSync(
      path.join(dir, 'scripts/job.sh'),
      [
        'set -euo pipefail',
        'source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"',
        'infra_up',
        'case "$1" in',
        '  pass) exit 0 ;;',
        '  fail) false ;;',
        '  wait) echo running; sleep 300 ;;',
        'esac',
        '',
      ].join('\n'),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const job = (mode: string, env: Record<string, string> = {}, detached = false) =>
    run([path.join(dir, 'scripts/job.sh'), mode], { cwd: dir, env, detached });

  it('after a passing run', async () => {
    const { code } = await job('pass').done;
    expect(code).toBe(0);
    expect(calls()).toEqual([expect.stringMatching(/^up --record /), 'down redis kafka']);
  });

  it('after a failing run, keeping its exit status', async () => {
    const { code, out } = await job('fail').done;
    expect(code).toBe(1);
    expect(out).toContain('stopping the servers this run started: redis kafka');
    expect(calls()[1]).toBe('down redis kafka');
  });

  it('after Ctrl-C', async () => {
    const { child, done } = job('wait', {}, true);
    let seen = '';
    child.stdout?.on('data', (c: Buffer) => (seen += c.toString()));
    await until('the job to run', () => seen.includes('running'));
    process.kill(-(child.pid ?? 0), 'SIGINT');
    await done;
    expect(calls()[1]).toBe('down redis kafka');
  });

  it('not with KEEP_INFRA=1, saying what it leaves up', async () => {
    const { code, out } = await job('pass', { KEEP_INFRA: '1' }).done;
    expect(code).toBe(0);
    expect(out).toContain('leaving up the servers this run started (KEEP_INFRA=1): redis kafka');
    expect(calls()).toEqual([expect.stringMatching(/^up --record /)]);
  });

  it('and stops nothing when every server was already up', async () => {
    writeFileSync(
      path.join(dir, 'infra/local/infra.sh'),
      '#!/usr/bin/env bash\necho "$*" >>"$(dirname "$0")/../../calls"\n',
    );
    const { code } = await job('pass').done;
    expect(code).toBe(0);
    expect(calls()).toEqual([expect.stringMatching(/^up --record /)]);
  });
});
