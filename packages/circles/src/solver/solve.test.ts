import { solveCycleCover } from './solve';
import { solveAssignment, type SparseMatrix } from './assignment';
import { seededRandom } from './random';
import type { MarketItem, Want } from '../types';

const item = (id: string, owner: string, dummy = false): MarketItem => ({ id, owner, dummy });
const want = (itemId: string, wants: string, rank = 1): Want => ({ item: itemId, wants, rank });

/** Exhaustive minimum over all permutations that use only existing edges. */
function bruteForce(n: number, cost: (i: number, j: number) => number | undefined): number {
  let best = Infinity;
  const used = new Array<boolean>(n).fill(false);
  const go = (i: number, acc: number) => {
    if (acc >= best) return;
    if (i === n) {
      best = acc;
      return;
    }
    for (let j = 0; j < n; j++) {
      const c = cost(i, j);
      if (used[j] || c === undefined) continue;
      used[j] = true;
      go(i + 1, acc + c);
      used[j] = false;
    }
  };
  go(0, 0);
  return best;
}

/** A random sparse square matrix with a self edge on every row (as trade graphs have). */
function randomMatrix(random: () => number, n: number, density: number) {
  const costs = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    costs.set(`${i},${i}`, 1000);
    for (let j = 0; j < n; j++) {
      if (i !== j && random() < density) costs.set(`${i},${j}`, 1 + Math.floor(random() * 9));
    }
  }
  const rowStart = new Int32Array(n + 1);
  const cols: number[] = [];
  const cs: number[] = [];
  for (let i = 0; i < n; i++) {
    rowStart[i] = cols.length;
    for (let j = 0; j < n; j++) {
      const c = costs.get(`${i},${j}`);
      if (c !== undefined) {
        cols.push(j);
        cs.push(c);
      }
    }
  }
  rowStart[n] = cols.length;
  const matrix = { n, rowStart, edgeCol: Int32Array.from(cols), edgeCost: Float64Array.from(cs) };
  const optimum = bruteForce(n, (i, j) => costs.get(`${i},${j}`));
  const costOf = (colOf: Int32Array) => {
    expect(new Set(colOf).size).toBe(n);
    let total = 0;
    for (let i = 0; i < n; i++) total += costs.get(`${i},${colOf[i]}`)!;
    return total;
  };
  return { matrix, optimum, costOf };
}

describe('solveAssignment', () => {
  it('reaches the exhaustive optimum on 300 random sparse graphs with self edges', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 300; round++) {
      const m = randomMatrix(random, 1 + Math.floor(random() * 7), 0.4);
      expect(m.costOf(solveAssignment(m.matrix).colOf)).toBe(m.optimum);
    }
  });

  it('reaches the optimum when started from the duals of a different matrix', () => {
    const random = seededRandom(11);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(random() * 7);
      const first = randomMatrix(random, n, 0.4);
      const second = randomMatrix(random, n, 0.4);
      const { v } = solveAssignment(first.matrix);
      expect(second.costOf(solveAssignment(second.matrix, v).colOf)).toBe(second.optimum);
    }
  });
});

/** Checks optimality by its certificate: with u_i = c(i, colOf[i]) - v_i, no edge has a negative reduced cost. */
function expectOptimalByDuals(m: SparseMatrix, colOf: Int32Array, v: Float64Array) {
  expect(new Set(colOf).size).toBe(m.n);
  const problems: string[] = [];
  for (let i = 0; i < m.n; i++) {
    let matched = NaN;
    for (let e = m.rowStart[i]!; e < m.rowStart[i + 1]!; e++) {
      if (m.edgeCol[e] === colOf[i]) matched = m.edgeCost[e]!;
    }
    if (Number.isNaN(matched)) problems.push(`row ${i} matched without an edge`);
    const u = matched - v[colOf[i]!]!;
    for (let e = m.rowStart[i]!; e < m.rowStart[i + 1]!; e++) {
      const reduced = m.edgeCost[e]! - u - v[m.edgeCol[e]!]!;
      if (reduced < 0) problems.push(`edge ${i}→${m.edgeCol[e]} has reduced cost ${reduced}`);
    }
  }
  expect(problems).toEqual([]);
}

describe('solveAssignment on larger graphs', () => {
  function bigMatrix(random: () => number, n: number, degree: number): SparseMatrix {
    const rowStart = new Int32Array(n + 1);
    const cols: number[] = [];
    const costs: number[] = [];
    for (let i = 0; i < n; i++) {
      rowStart[i] = cols.length;
      cols.push(i);
      costs.push(100_000);
      const seen = new Set([i]);
      for (let d = 0; d < degree; d++) {
        const j = Math.floor(n * random() ** 2); // popular columns, as popular listings
        if (seen.has(j)) continue;
        seen.add(j);
        cols.push(j);
        costs.push(1 + Math.floor(random() * 20));
      }
    }
    rowStart[n] = cols.length;
    return { n, rowStart, edgeCol: Int32Array.from(cols), edgeCost: Float64Array.from(costs) };
  }

  it('proves its solutions optimal by their duals, cold and warm-started', () => {
    const random = seededRandom(5);
    for (let round = 0; round < 20; round++) {
      const m = bigMatrix(random, 300, 1 + Math.floor(random() * 8));
      const cold = solveAssignment(m);
      expectOptimalByDuals(m, cold.colOf, cold.v);
      const other = bigMatrix(random, 300, 4);
      const warm = solveAssignment(other, cold.v);
      expectOptimalByDuals(other, warm.colOf, warm.v);
    }
  });
});

describe('solveCycleCover', () => {
  it('finds a three-member cycle', () => {
    const r = solveCycleCover(
      [item('a', 'A'), item('b', 'B'), item('c', 'C')],
      [want('a', 'b'), want('b', 'c'), want('c', 'a')],
    );
    expect(r.itemsTrading).toBe(3);
    expect(r.usersTrading).toBe(3);
    expect(r.cycles).toEqual([['a', 'b', 'c']]);
    expect(r.groupSizes).toEqual([3]);
    expect(r.sumOfSquares).toBe(9);
  });

  it('trades nothing when wants form no cycle', () => {
    const r = solveCycleCover(
      [item('a', 'A'), item('b', 'B'), item('c', 'C')],
      [want('a', 'b'), want('b', 'c')],
    );
    expect(r.itemsTrading).toBe(0);
    expect(r.cycles).toEqual([]);
  });

  it('of two overlapping cycles, picks the cover that trades more items', () => {
    // a-b is a 2-cycle; a-c-d-e is a 4-cycle sharing a. Both are preferred-first for a, but 4 > 2.
    const r = solveCycleCover(
      ['a', 'b', 'c', 'd', 'e'].map((id) => item(id, id.toUpperCase())),
      [
        want('a', 'b', 1),
        want('a', 'c', 2),
        want('b', 'a'),
        want('c', 'd'),
        want('d', 'e'),
        want('e', 'a'),
      ],
    );
    expect(r.itemsTrading).toBe(4);
    expect(r.cycles).toEqual([['a', 'c', 'd', 'e']]);
  });

  it('with equal counts, prefers the more preferred wants', () => {
    // a and b can swap on their first choices, or c and d on their second through the same items.
    const r = solveCycleCover(
      [item('a', 'A'), item('b', 'B'), item('c', 'C')],
      [want('a', 'c', 1), want('a', 'b', 2), want('b', 'a', 1), want('c', 'a', 1)],
      { metric: 'none' },
    );
    expect(r.itemsTrading).toBe(2);
    expect(r.cycles).toEqual([['a', 'c']]);
  });

  it('splices dummies out of the reported cycles', () => {
    // a wants B's dummy, which stands for "b1 or b2"; b2 wants a.
    const r = solveCycleCover(
      [item('a', 'A'), item('%any', 'A', true), item('b1', 'B'), item('b2', 'B')],
      [want('a', '%any'), want('%any', 'b1'), want('%any', 'b2'), want('b2', 'a')],
    );
    expect(r.itemsTrading).toBe(2);
    expect(r.cycles).toEqual([['a', 'b2']]);
    expect(r.cycles.flat()).not.toContain('%any');
  });

  it('trades a listing whose only way in is through a dummy', () => {
    // c is wanted by nobody directly, only by A's dummy; the cycle a → %d → c → a exists only through it.
    const r = solveCycleCover(
      [item('a', 'A'), item('%d', 'A', true), item('c', 'C')],
      [want('a', '%d'), want('%d', 'c'), want('c', 'a')],
    );
    expect(r.cycles).toEqual([['a', 'c']]);
    expect(r.itemsTrading).toBe(2);
  });

  it('lets a member trade two items in one cycle but never with themselves', () => {
    const r = solveCycleCover(
      [item('a1', 'A'), item('a2', 'A'), item('b', 'B'), item('c', 'C')],
      [
        want('a1', 'a2'), // ignored: same member
        want('a2', 'a1'), // ignored: same member
        want('a1', 'b'),
        want('b', 'a2'),
        want('a2', 'c'),
        want('c', 'a1'),
      ],
    );
    expect(r.itemsTrading).toBe(4);
    expect(r.usersTrading).toBe(3);
    expect(r.cycles).toEqual([['a1', 'b', 'a2', 'c']]);
  });

  it('raises members trading with the search, keeping the count', () => {
    // d prefers A's second item to c, so the cheapest cover is (a1 b)(a2 d): 4 items, 3 members.
    // (a1 b)(c d) also trades 4 items and lets C in: 4 members.
    const items = [
      item('a1', 'A'),
      item('a2', 'A'),
      item('b', 'B'),
      item('c', 'C'),
      item('d', 'D'),
    ];
    const wants = [
      want('a1', 'b'),
      want('b', 'a1'),
      want('a2', 'd'),
      want('c', 'd'),
      want('d', 'a2', 1),
      want('d', 'c', 2),
    ];
    const plain = solveCycleCover(items, wants, { metric: 'none' });
    expect(plain.itemsTrading).toBe(4);
    expect(plain.usersTrading).toBe(3);
    const searched = solveCycleCover(items, wants, { metric: 'users-trading', iterations: 50 });
    expect(searched.itemsTrading).toBe(4);
    expect(searched.usersTrading).toBe(4);
    expect(searched.cycles).toEqual([
      ['a1', 'b'],
      ['c', 'd'],
    ]);
  });
});
