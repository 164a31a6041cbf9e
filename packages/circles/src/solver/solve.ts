import type { MarketItem, PriorityScheme, SolveOptions, SolveResult, Want } from '../types';
import { solveAssignment, type SparseMatrix } from './assignment';
import { buildTradeGraph, tradingComponents, type TradeGraph, type WantPair } from './graph';
import { better, type Candidate } from './metrics';
import { seededRandom } from './random';

export const DEFAULT_NONTRADE_COST = 1_000_000_000;

/** The cost of a want from its rank, as TradeMaximizer's priority schemes define it. */
export function costOfRank(rank: number, scheme: PriorityScheme): number {
  switch (scheme) {
    case 'linear':
    case 'explicit':
      return rank;
    case 'triangle':
      return (rank * (rank + 1)) / 2;
    case 'square':
      return rank * rank;
    case 'none':
      return 1;
  }
}

/**
 * The most items trading in cycles (optimal), then the secondary metric by a bounded search, then the
 * most preferred wants. See solveCostedWants for the search.
 */
export function solveCycleCover(
  items: MarketItem[],
  wants: Want[],
  options: SolveOptions = {},
): SolveResult {
  const scheme = options.priorities ?? 'linear';
  const smallStep = options.smallStep ?? 1;
  const costOf = (k: number) => {
    const rank = wants[k]!.rank;
    return costOfRank(scheme === 'explicit' ? rank : 1 + (rank - 1) * smallStep, scheme);
  };
  return solveCostedWants(items, wants, costOf, options).result;
}

export interface DetailedSolution {
  result: SolveResult;
  /** Sum of the costs of the wants used, as TradeMaximizer's "Total cost" (without non-trade costs). */
  totalCost: number;
  /** Time to the first optimal solution, before the secondary search. */
  firstSolutionMs: number;
  /** Solves run (1 + the search's iterations). */
  solves: number;
}

/** Scale of the base costs during the search, so the random perturbation is finer than one rank step. */
const SCALE = 64;

/**
 * Solves with explicit want costs: costOf(k) is the cost of wants[k].
 *
 * 1. Graph: an item is a receiver row and a sender column of an assignment problem; a want is an edge at
 *    its cost, "does not trade" is the item's own column at the non-trade cost; edges out of a dummy cost
 *    the non-trade cost too, so a dummy trading or not changes nothing but what it connects.
 * 2. Pruning: only strongly connected components of two or more items can trade; each is solved on its
 *    own (edges between components can never lie on a cycle).
 * 3. The minimum-cost perfect matching of each component (solveAssignment) gives the largest number of
 *    items trading exactly, as long as the non-trade cost exceeds the sum of all want costs (the default
 *    does; a smaller NONTRADE-COST trades count for preference, as in TradeMaximizer).
 * 4. Secondary search: further solves with every want's cost perturbed at random (seeded) and a random
 *    bonus for the items of members who trade little or nothing; a candidate counts only if it trades as
 *    many items as the first solution, and the best by (metric, preference cost) is kept.
 */
export function solveCostedWants(
  items: MarketItem[],
  wants: readonly WantPair[],
  costOf: (want: number) => number,
  options: SolveOptions = {},
): DetailedSolution {
  const started = performance.now();
  const metric = options.metric ?? 'users-trading';
  const iterations = Math.max(1, options.iterations ?? (metric === 'none' ? 1 : 100));
  const random = seededRandom(options.seed ?? 1);
  const deadline = options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs;
  const nontradeCost = options.nontradeCost ?? DEFAULT_NONTRADE_COST;

  const g = buildTradeGraph(items, wants, costOf);
  const components = tradingComponents(g).map((c) => toComponent(g, c));

  // Bound on what all want costs (and the search's perturbations) can add up to: a non-trade cost above
  // it keeps the count first, and a smaller internal one keeps the arithmetic exact.
  let bound = 1;
  for (const c of components) bound += c.maxRowCostSum + c.n * (PERTURB + BONUS + 1);
  const selfCost = Math.min(nontradeCost, bound);

  const solveOnce = (perturb: ((c: Component) => Float64Array) | null): Candidate => {
    const next = new Int32Array(g.n).fill(-1);
    const usedCost = new Float64Array(g.n);
    for (const c of components) {
      const costs = perturb ? perturb(c) : c.scaledCost(selfCost, null);
      const { colOf, v } = solveAssignment({ ...c.matrix, edgeCost: costs }, c.duals);
      c.duals = v;
      for (let i = 0; i < c.n; i++) {
        const j = colOf[i]!;
        if (j === i) continue;
        const gi = c.globalOf[i]!;
        next[gi] = c.globalOf[j]!;
        usedCost[gi] = c.baseCostOf(i, j);
      }
    }
    return candidateOf(g, next, usedCost);
  };

  let best = solveOnce(null);
  const firstSolutionMs = performance.now() - started;
  let solves = 1;
  // Members with an item that could trade at all: when they all trade, no search can do better.
  const couldTrade = new Set<number>();
  for (const c of components) {
    for (const v of c.globalOf) if (!g.dummy[v]) couldTrade.add(g.owner[v]!);
  }
  const proven = () => metric === 'users-trading' && best.usersTrading === couldTrade.size;
  for (let it = 1; it < iterations && performance.now() < deadline && !proven(); it++) {
    const traded = new Float64Array(g.owners.length);
    for (const cycle of best.cycles) for (const v of cycle) traded[g.owner[v]!]!++;
    const bonus = new Float64Array(g.owners.length);
    for (let o = 0; o < bonus.length; o++) {
      bonus[o] =
        metric === 'users-trading' || metric === 'users-sos'
          ? (random() * BONUS) / (1 + traded[o]!)
          : 0;
    }
    const candidate = solveOnce((c) => c.scaledCost(selfCost, { random, bonus, owner: g.owner }));
    solves++;
    if (candidate.itemsTrading === best.itemsTrading && better(metric, candidate, best)) {
      best = candidate;
    }
  }

  const groupSizes = best.cycles.map((c) => c.length).sort((a, b) => b - a);
  return {
    result: {
      cycles: best.cycles.map((c) => c.map((v) => g.ids[v]!)),
      itemsTrading: best.itemsTrading,
      usersTrading: best.usersTrading,
      groupSizes,
      sumOfSquares: best.sumOfSquares,
      elapsedMs: performance.now() - started,
    },
    totalCost: best.baseCost,
    firstSolutionMs,
    solves,
  };
}

/** Largest random addition to a want's cost during the search, in rank steps. */
const PERTURB = 1;
/** Largest bonus for the items of a member who does not trade yet, in rank steps. */
const BONUS = 3;

interface Perturbation {
  random: () => number;
  bonus: Float64Array;
  owner: Int32Array;
}

interface Component {
  n: number;
  /** Column duals of the last solve, to start the next one from. */
  duals?: Float64Array;
  globalOf: Int32Array;
  matrix: SparseMatrix;
  maxRowCostSum: number;
  scaledCost(selfCost: number, p: Perturbation | null): Float64Array;
  baseCostOf(i: number, j: number): number;
}

/** One strongly connected component as an assignment problem; the self edge is each row's first. */
function toComponent(g: TradeGraph, members: number[]): Component {
  const n = members.length;
  const globalOf = Int32Array.from(members);
  const localOf = new Int32Array(g.n).fill(-1);
  members.forEach((v, i) => (localOf[v] = i));
  const rowStart = new Int32Array(n + 1);
  const cols: number[] = [];
  const base: number[] = [];
  let maxRowCostSum = 0;
  for (let i = 0; i < n; i++) {
    const v = globalOf[i]!;
    rowStart[i] = cols.length;
    cols.push(i);
    base.push(0);
    let rowMax = 0;
    for (let e = g.outStart[v]!; e < g.outStart[v + 1]!; e++) {
      const j = localOf[g.outTo[e]!]!;
      if (j === -1) continue;
      cols.push(j);
      base.push(g.outCost[e]!);
      if (g.outCost[e]! > rowMax) rowMax = g.outCost[e]!;
    }
    if (!g.dummy[v]) maxRowCostSum += rowMax;
  }
  rowStart[n] = cols.length;
  const edgeCol = Int32Array.from(cols);
  const baseCost = Float64Array.from(base);
  const isDummyRow = new Uint8Array(n);
  for (let i = 0; i < n; i++) isDummyRow[i] = g.dummy[globalOf[i]!]!;

  return {
    n,
    globalOf,
    matrix: { n, rowStart, edgeCol, edgeCost: baseCost },
    maxRowCostSum,
    scaledCost(selfCost, p) {
      const out = new Float64Array(baseCost.length);
      const scale = SCALE;
      for (let i = 0; i < n; i++) {
        const start = rowStart[i]!;
        const end = rowStart[i + 1]!;
        out[start] = selfCost * scale;
        const rowBonus = p ? p.bonus[p.owner[globalOf[i]!]!]! : 0;
        for (let e = start + 1; e < end; e++) {
          if (isDummyRow[i]) out[e] = selfCost * scale;
          else if (p) {
            out[e] = Math.round((baseCost[e]! + p.random() * PERTURB - rowBonus) * scale);
          } else out[e] = baseCost[e]! * scale;
        }
      }
      return out;
    },
    baseCostOf(i, j) {
      if (isDummyRow[i]) return 0;
      for (let e = rowStart[i]! + 1; e < rowStart[i + 1]!; e++) {
        if (edgeCol[e] === j) return baseCost[e]!;
      }
      return 0;
    },
  };
}

/** Cycles (dummies spliced out) and their measures from "vertex i receives next[i]". */
function candidateOf(g: TradeGraph, next: Int32Array, usedCost: Float64Array): Candidate {
  const seen = new Uint8Array(g.n);
  const cycles: number[][] = [];
  let baseCost = 0;
  for (let start = 0; start < g.n; start++) {
    if (seen[start] || next[start] === -1) continue;
    const cycle: number[] = [];
    let v = start;
    while (!seen[v]) {
      seen[v] = 1;
      if (!g.dummy[v]) cycle.push(v);
      v = next[v]!;
    }
    if (cycle.length < 2) continue; // only dummies, or one item receiving itself through dummies
    for (const u of cycle) baseCost += usedCost[u]!;
    cycles.push(cycle);
  }
  const perOwner = new Map<number, number>();
  let itemsTrading = 0;
  let sumOfSquares = 0;
  for (const cycle of cycles) {
    itemsTrading += cycle.length;
    sumOfSquares += cycle.length * cycle.length;
    for (const v of cycle) perOwner.set(g.owner[v]!, (perOwner.get(g.owner[v]!) ?? 0) + 1);
  }
  let usersSumOfSquares = 0;
  for (const k of perOwner.values()) usersSumOfSquares += k * k;
  return {
    cycles,
    itemsTrading,
    usersTrading: perOwner.size,
    usersSumOfSquares,
    sumOfSquares,
    baseCost,
  };
}
