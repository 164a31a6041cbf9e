import { AppError } from '@swapbooth/service-kit';
import { assertOrganiser, type OrganiserRepository } from './organiser';

/**
 * Math trades: an approved organiser uploads the community's want-list file (the TradeMaximizer /
 * Online Want List Generator format), it is solved at once, and the result is kept for them. Only
 * the organiser who ran a math trade may read it.
 */

/** One hand-over in a loop: `user` gives `item` and receives `receivesItem` from `receivesFrom`. */
export interface LoopStep {
  user: string;
  item: string;
  receivesFrom: string;
  receivesItem: string;
}

/** What solving a want-list file yields (the numbers as TradeMaximizer counts them). */
export interface MathTradeOutcome {
  itemsTotal: number;
  itemsTrading: number;
  usersTrading: number;
  groupSizes: number[];
  sumOfSquares: number;
  elapsedMs: number;
  warnings: string[];
  loops: LoopStep[][];
  report: string;
}

export interface MathTrade extends MathTradeOutcome {
  id: string;
  name: string;
  organiserId: string;
  createdAt: Date;
}

export type MathTradeSummary = Omit<MathTrade, 'loops' | 'report'>;

/**
 * Solves a want-list file away from the request's event loop, within a time and memory budget.
 * Answers 'malformed' with the line of a file it cannot read, 'too-big' when the budget ran out.
 */
export interface MathTradeSolver {
  solve(
    file: string,
  ): Promise<
    | { kind: 'solved'; outcome: MathTradeOutcome }
    | { kind: 'malformed'; line: number; message: string }
    | { kind: 'too-big'; message: string }
    | { kind: 'busy'; retryAfterSeconds: number }
  >;
}

export interface MathTradeRepository {
  insert(t: MathTrade): Promise<void>;
  findById(id: string): Promise<MathTrade | undefined>;
  /** The organiser's math trades, newest first. */
  summariesOf(organiserId: string): Promise<MathTradeSummary[]>;
}

export interface MathTradeDeps {
  organisers: Pick<OrganiserRepository, 'find'>;
  mathTrades: MathTradeRepository;
  solver: MathTradeSolver;
  now: () => Date;
  newId: () => string;
}

/** Solves and stores a math trade for an approved organiser. */
export async function runMathTrade(
  deps: MathTradeDeps,
  organiserId: string,
  input: { name: string; file: string },
): Promise<MathTrade> {
  await assertOrganiser(deps, organiserId);
  const answer = await deps.solver.solve(input.file);
  if (answer.kind === 'malformed') {
    throw AppError.invalid(`line ${answer.line}: ${answer.message}`, 'file');
  }
  if (answer.kind === 'too-big') throw AppError.invalid(answer.message, 'file');
  if (answer.kind === 'busy') {
    throw AppError.rateLimited(
      'Another math trade is being solved right now; please try again shortly',
      answer.retryAfterSeconds,
    );
  }
  const trade: MathTrade = {
    id: deps.newId(),
    name: input.name,
    organiserId,
    createdAt: deps.now(),
    ...answer.outcome,
  };
  await deps.mathTrades.insert(trade);
  return trade;
}

export function myMathTrades(
  deps: Pick<MathTradeDeps, 'mathTrades'>,
  organiserId: string,
): Promise<MathTradeSummary[]> {
  return deps.mathTrades.summariesOf(organiserId);
}

/** A math trade, for its organiser only: anyone else is told it does not exist. */
export async function mathTradeOf(
  deps: Pick<MathTradeDeps, 'mathTrades'>,
  viewerId: string,
  id: string,
): Promise<MathTrade> {
  const trade = await deps.mathTrades.findById(id);
  if (!trade || trade.organiserId !== viewerId) throw AppError.notFound('Math trade not found');
  return trade;
}
