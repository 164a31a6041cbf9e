import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerSolver } from './worker-solver';

/** Stand-ins for the solver library, as modules the worker loads like the real one. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'math-trade-solver-'));
function library(name: string, source: string): () => string {
  const file = path.join(dir, `${name}.js`);
  writeFileSync(file, source);
  return () => file;
}

const solved = library(
  'solved',
  `
exports.parseWantListFile = () => ({
  items: [
    { id: 'A1', owner: 'alice' }, { id: 'B1', owner: 'bob' }, { id: 'C1', owner: 'carol' },
    { id: '%ANY for user (alice)', owner: 'alice', dummy: true },
  ],
  itemsCounted: 3,
});
exports.solveWantListFile = (_text, options) => ({
  result: {
    cycles: [['A1', 'B1', 'C1']], itemsTrading: 3, usersTrading: 3, groupSizes: [3],
    sumOfSquares: 9, elapsedMs: 1.5,
  },
  report: 'TRADE LOOPS (3 total trades):\\ntime limit ' + options.timeLimitMs,
  warnings: ['line 4: unknown item X9'],
});
`,
);
const malformed = library(
  'malformed',
  `
exports.parseWantListFile = () => {
  const e = new Error('line 7: Missing colon with REQUIRE-COLONS selected');
  e.line = 7;
  throw e;
};
exports.solveWantListFile = () => { throw new Error('not reached'); };
`,
);
const endless = library(
  'endless',
  `
exports.parseWantListFile = () => ({ items: [] });
exports.solveWantListFile = () => { for (;;) {} };
`,
);
const hungry = library(
  'hungry',
  `
exports.parseWantListFile = () => ({ items: [] });
exports.solveWantListFile = () => { const kept = []; for (;;) kept.push(new Array(100000).fill(kept.length)); };
`,
);

const limits = { timeoutMs: 10_000, memoryMb: 64, concurrency: 1 };

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('solving want-list files in a worker thread', () => {
  it('turns the cycles into loops of who gives what to whom, counted as the file counts them', async () => {
    const answer = await new WorkerSolver(limits, solved).solve('(alice) A1 : B1');
    expect(answer).toEqual({
      kind: 'solved',
      outcome: {
        itemsTotal: 3,
        itemsTrading: 3,
        usersTrading: 3,
        groupSizes: [3],
        sumOfSquares: 9,
        elapsedMs: 1.5,
        warnings: ['line 4: unknown item X9'],
        loops: [
          [
            { user: 'alice', item: 'A1', receivesFrom: 'bob', receivesItem: 'B1' },
            { user: 'bob', item: 'B1', receivesFrom: 'carol', receivesItem: 'C1' },
            { user: 'carol', item: 'C1', receivesFrom: 'alice', receivesItem: 'A1' },
          ],
        ],
        // The secondary search gets a share of the time budget, so the answer comes back in time.
        report: 'TRADE LOOPS (3 total trades):\ntime limit 6000',
      },
    });
  });

  it('answers a malformed file with its line and the message without the line prefix', async () => {
    expect(await new WorkerSolver(limits, malformed).solve('x')).toEqual({
      kind: 'malformed',
      line: 7,
      message: 'Missing colon with REQUIRE-COLONS selected',
    });
  });

  it('stops a solve that runs past the time budget and refuses the file as too big', async () => {
    const started = Date.now();
    const answer = await new WorkerSolver({ ...limits, timeoutMs: 1000 }, endless).solve('x');
    expect(answer).toEqual({ kind: 'too-big', message: expect.stringMatching(/longer than 1 s/) });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops a solve that runs out of its memory budget and refuses the file as too big', async () => {
    expect(await new WorkerSolver(limits, hungry).solve('x')).toEqual({
      kind: 'too-big',
      message: expect.stringMatching(/more memory/),
    });
  });

  it('tells a solve beyond the concurrency limit to come back later, and takes one again after', async () => {
    const solver = new WorkerSolver({ ...limits, timeoutMs: 1000 }, endless);
    const first = solver.solve('x');
    expect(await solver.solve('x')).toEqual({ kind: 'busy', retryAfterSeconds: 1 });
    expect((await first).kind).toBe('too-big');
    expect((await solver.solve('x')).kind).toBe('too-big');
  });
});
