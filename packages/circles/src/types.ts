/** A listing that can be given in a trade circle. */
export interface MarketItem {
  id: string;
  owner: string;
  /**
   * A placeholder the owner wants instead of a real listing, to say "any of these": listings that want
   * the dummy accept whatever the dummy wants. Dummies never appear in the reported cycles.
   */
  dummy?: boolean;
}

/** The owner of `item` would give it to receive `wants` (rank 1 = most preferred). */
export interface Want {
  item: string;
  wants: string;
  rank: number;
}

/** Secondary objective once the number of items trading is fixed at its optimum. */
export type Metric = 'users-trading' | 'users-sos' | 'chain-sizes-sos' | 'none';

/** How a want's rank becomes its cost ('none': every want costs the same). */
export type PriorityScheme = 'linear' | 'triangle' | 'square' | 'explicit' | 'none';

export interface SolveOptions {
  /** Secondary objective, default 'users-trading'. */
  metric?: Metric;
  /**
   * Bounded search for the secondary objective: at most this many solves (default 1 for 'none', else
   * 100; with 'users-trading' it stops early once every member who could trade does)…
   */
  iterations?: number;
  /** …with this seed (default 1)… */
  seed?: number;
  /** …and stopped after this many milliseconds (default: no limit). */
  timeLimitMs?: number;
  /** Default 'linear': with equal counts, more preferred wants win. */
  priorities?: PriorityScheme;
  /** Rank r of a want list counts as 1 + (r - 1) × smallStep (default 1). */
  smallStep?: number;
  /** Kept for TradeMaximizer parity: the gap a ';' adds in a want-list file (default 9). */
  bigStep?: number;
  /** Cost of an item not trading (default 1e9); far above any want's cost, so the count comes first. */
  nontradeCost?: number;
}

export interface SolveResult {
  /** Each cycle as items in order: the owner of cycle[i] receives cycle[i+1] (last receives first). Dummies spliced out. */
  cycles: string[][];
  itemsTrading: number;
  usersTrading: number;
  /** Cycle lengths, largest first. */
  groupSizes: number[];
  /** Sum over cycles of length². */
  sumOfSquares: number;
  elapsedMs: number;
}
