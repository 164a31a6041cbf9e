export type { MarketItem, Metric, PriorityScheme, SolveOptions, SolveResult, Want } from './types';
export { solveCycleCover, costOfRank, DEFAULT_NONTRADE_COST } from './solver/solve';
