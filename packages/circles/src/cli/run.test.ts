import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSolveCli } from './run';

function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runSolveCli(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'circles-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function file(text: string): string {
  const p = path.join(dir, `wants-${++files}.txt`);
  writeFileSync(p, text);
  return p;
}

describe('circles:solve', () => {
  it('prints the report on stdout and the warnings on stderr', () => {
    const r = run(file('A : B GHOST\nB : A\n'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('TRADE LOOPS (2 total trades):\n\nA receives B\nB receives A\n');
    expect(r.stdout).toContain('Num trades  = 2 of 2 items (100.0%)');
    expect(r.stderr).toBe('warning: line 1: Unknown item GHOST (1 occurrence)\n');
  });

  it('keeps warnings off stderr with HIDE-ERRORS', () => {
    const r = run(file('#! HIDE-ERRORS\nA : B GHOST\nB : A\n'));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('exits 1 naming the line of a malformed file', () => {
    const p = file('A : B\nB : A\nC D : A\n');
    const r = run(p);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${p}: line 3: Must have exactly one item before a colon (:)\n`);
  });

  it('exits 2 on a missing file or bad arguments', () => {
    expect(run(path.join(os.tmpdir(), 'no-such-wants.txt')).code).toBe(2);
    expect(run().code).toBe(2);
    expect(run(file('A : B\n'), '--time-limit-ms', 'soon').code).toBe(2);
  });

  it('accepts a time limit for the search after the file', () => {
    const r = run(
      file('#! METRIC=USERS-TRADING ITERATIONS=50\n(a) A : B\n(b) B : A\n'),
      '--time-limit-ms',
      '0',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('[ users trading = 2 ]');
  });
});
