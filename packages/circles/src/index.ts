export type { MarketItem, Metric, PriorityScheme, SolveOptions, SolveResult, Want } from './types';
export { solveCycleCover, costOfRank, DEFAULT_NONTRADE_COST } from './solver/solve';
export {
  parseWantListFile,
  WantListError,
  type ParsedWantList,
  type WantListWarning,
  type WarningKind,
} from './want-list/parse';
export type { WantListOptions } from './want-list/options';
export { solveWantListFile, type SolvedWantList } from './solve-file';
export { formatReport } from './report/report';
