/** What other workspaces (benchmarks, tooling) may use of the exchange service. */
export { loadExchangeConfig, type ExchangeConfig } from './config';
export type { Proposal } from './proposals/domain/proposal';
export { nextDueAt } from './proposals/domain/proposal';
export { decideShipping, decideStatus } from './proposals/domain/proposal-moves';
export { decideClocks, type ClockSettings } from './proposals/domain/trade-clock';
export { dueClocks } from './proposals/domain/sweep-proposals';
export { sweepDue } from './shared/domain/due-work';
export { proposalModel } from './proposals/data/proposals/proposal.model';
export { ProposalsRepository, storedDocOf } from './proposals/data/proposals/proposals.repository';
