import type { Metric, PriorityScheme } from '../types';

/** The `#!` options of a want-list file, with TradeMaximizer's defaults. */
export interface WantListOptions {
  allowDummies: boolean;
  requireColons: boolean;
  requireUsernames: boolean;
  caseSensitive: boolean;
  showLoops: boolean;
  showSummary: boolean;
  showNonTrades: boolean;
  showErrors: boolean;
  showRepeats: boolean;
  showStats: boolean;
  showElapsedTime: boolean;
  showMissing: boolean;
  sortByItem: boolean;
  priorities: PriorityScheme;
  smallStep: number;
  bigStep: number;
  nontradeCost: number;
  iterations: number;
  seed: number | undefined;
  metric: Metric;
  verbose: boolean;
}

export function defaultOptions(): WantListOptions {
  return {
    allowDummies: false,
    requireColons: false,
    requireUsernames: false,
    caseSensitive: false,
    showLoops: true,
    showSummary: true,
    showNonTrades: true,
    showErrors: true,
    showRepeats: true,
    showStats: true,
    showElapsedTime: false,
    showMissing: false,
    sortByItem: false,
    priorities: 'none',
    smallStep: 1,
    bigStep: 9,
    nontradeCost: 1_000_000_000,
    iterations: 1,
    seed: undefined,
    metric: 'chain-sizes-sos',
    verbose: false,
  };
}

type Shown = 'showLoops' | 'showSummary' | 'showNonTrades' | 'showErrors' | 'showRepeats';
type ShownToo = 'showStats' | 'showElapsedTime' | 'showMissing';
const SHOW_FLAGS: Record<string, Shown | ShownToo> = {
  LOOPS: 'showLoops',
  SUMMARY: 'showSummary',
  NONTRADES: 'showNonTrades',
  ERRORS: 'showErrors',
  REPEATS: 'showRepeats',
  STATS: 'showStats',
  'ELAPSED-TIME': 'showElapsedTime',
  MISSING: 'showMissing',
};

const METRICS: Record<string, Metric> = {
  'USERS-TRADING': 'users-trading',
  'USERS-SOS': 'users-sos',
  'CHAIN-SIZES-SOS': 'chain-sizes-sos',
};

/**
 * Applies one option word (already upper-case) to `o`. Returns an error message for an unknown option
 * or a bad argument, else undefined.
 */
export function applyOption(o: WantListOptions, option: string): string | undefined {
  const [name, arg] = splitOnce(option);
  const show = /^(SHOW|HIDE)-(.+)$/.exec(option);
  if (show && arg === undefined && SHOW_FLAGS[show[2]!]) {
    o[SHOW_FLAGS[show[2]!]!] = show[1] === 'SHOW';
    return undefined;
  }
  switch (arg === undefined ? name : `${name}=`) {
    case 'ALLOW-DUMMIES':
      o.allowDummies = true;
      return;
    case 'REQUIRE-COLONS':
      o.requireColons = true;
      return;
    case 'REQUIRE-USERNAMES':
      o.requireUsernames = true;
      return;
    case 'CASE-SENSITIVE':
      o.caseSensitive = true;
      return;
    case 'SORT-BY-ITEM':
      o.sortByItem = true;
      return;
    case 'VERBOSE':
      o.verbose = true;
      return;
    case 'LINEAR-PRIORITIES':
      o.priorities = 'linear';
      return;
    case 'TRIANGLE-PRIORITIES':
      o.priorities = 'triangle';
      return;
    case 'SQUARE-PRIORITIES':
      o.priorities = 'square';
      return;
    case 'EXPLICIT-PRIORITIES':
      o.priorities = 'explicit';
      return;
    case 'SCALED-PRIORITIES':
      return 'SCALED-PRIORITIES is no longer supported';
    case 'SMALL-STEP=':
      if (!/^\d+$/.test(arg!)) return 'SMALL-STEP argument must be a non-negative integer';
      o.smallStep = Number(arg);
      return;
    case 'BIG-STEP=':
      if (!/^\d+$/.test(arg!)) return 'BIG-STEP argument must be a non-negative integer';
      o.bigStep = Number(arg);
      return;
    case 'NONTRADE-COST=':
      if (!/^[1-9]\d*$/.test(arg!)) return 'NONTRADE-COST argument must be a positive integer';
      o.nontradeCost = Number(arg);
      return;
    case 'ITERATIONS=':
      if (!/^[1-9]\d*$/.test(arg!)) return 'ITERATIONS argument must be a positive integer';
      o.iterations = Number(arg);
      return;
    case 'SEED=':
      if (!/^[1-9]\d*$/.test(arg!)) return 'SEED argument must be a positive integer';
      o.seed = Number(arg);
      return;
    case 'METRIC=': {
      const metric = METRICS[arg!];
      if (!metric) return `Unknown metric option "${arg}"`;
      o.metric = metric;
      return;
    }
    default:
      return `Unknown option "${option}"`;
  }
}

function splitOnce(option: string): [string, string | undefined] {
  const eq = option.indexOf('=');
  return eq === -1 ? [option, undefined] : [option.slice(0, eq), option.slice(eq + 1)];
}
