import { formatReport } from './report/report';
import { costOfRank, solveCostedWants, type DetailedSolution } from './solver/solve';
import type { SolveOptions, SolveResult } from './types';
import { parseWantListFile, type ParsedWantList } from './want-list/parse';

export interface SolvedWantList {
  result: SolveResult;
  report: string;
  /** `line N: message` for each warning (repeats left out with HIDE-REPEATS). */
  warnings: string[];
}

/**
 * Parses a want-list file and solves it with the file's options (priorities, steps, non-trade cost,
 * ITERATIONS, SEED, METRIC), returning the TradeMaximizer-style report. `overrides` replaces file
 * options, e.g. a time limit for the secondary search.
 */
export function solveWantListFile(text: string, overrides: SolveOptions = {}): SolvedWantList {
  const parsed = parseWantListFile(text);
  const solution = solveParsed(parsed, overrides);
  const report = formatReport({
    result: solution.result,
    items: parsed.items,
    options: parsed.options,
    optionWords: parsed.optionWords,
    hasUsernames: parsed.hasUsernames,
    itemsCounted: parsed.itemsCounted,
    totalCost: solution.totalCost,
    missingOfficialNames: parsed.missingOfficialNames,
    solves: solution.solves,
    firstSolutionMs: solution.firstSolutionMs,
  });
  return {
    result: solution.result,
    report,
    warnings: parsed.warnings.map((w) => `line ${w.line}: ${w.message}`),
  };
}

/** Solves a parsed file: want costs from its ranks by the file's priority scheme. */
export function solveParsed(
  parsed: ParsedWantList,
  overrides: SolveOptions = {},
): DetailedSolution {
  const o = parsed.options;
  const scheme = overrides.priorities ?? o.priorities;
  const costOf = (k: number) => costOfRank(parsed.wants[k]!.rank, scheme);
  // Without usernames every item is its own member, so members trading is items trading.
  const metric = overrides.metric ?? (parsed.hasUsernames ? o.metric : 'chain-sizes-sos');
  return solveCostedWants(parsed.items, parsed.wants, costOf, {
    nontradeCost: o.nontradeCost,
    iterations: o.iterations,
    seed: o.seed,
    ...overrides,
    metric,
  });
}
