import type { Metric } from '../types';

/** What one candidate solution looks like to the secondary objectives. */
export interface Candidate {
  /** Cycles as vertex indices, dummies spliced out; vertex i receives cycle[k + 1]. */
  cycles: number[][];
  itemsTrading: number;
  usersTrading: number;
  /** Sum over members of (items they trade)². */
  usersSumOfSquares: number;
  /** Sum over cycles of length². */
  sumOfSquares: number;
  /** Sum of the want costs used (priorities): lower means more preferred wants. */
  baseCost: number;
}

/** Smaller is better. */
export function metricValue(metric: Metric, c: Candidate): number {
  switch (metric) {
    case 'users-trading':
      return -c.usersTrading;
    case 'users-sos':
      return c.usersSumOfSquares;
    case 'chain-sizes-sos':
      return c.sumOfSquares;
    case 'none':
      return 0;
  }
}

/**
 * Whether `a` beats `b`: more items trading first (never traded away), then the metric, then fewer
 * trades in total cost of preference.
 */
export function better(metric: Metric, a: Candidate, b: Candidate): boolean {
  if (a.itemsTrading !== b.itemsTrading) return a.itemsTrading > b.itemsTrading;
  const ma = metricValue(metric, a);
  const mb = metricValue(metric, b);
  if (ma !== mb) return ma < mb;
  return a.baseCost < b.baseCost;
}
