import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { ServiceContext } from '@swapbooth/runtime';
import type { ExchangeConfig } from '../config';
import { WorkerSolver } from './adapters/math-trade-solver/worker-solver';
import { boothModel } from './data/booths/booth.model';
import { BoothsRepository } from './data/booths/booths.repository';
import { mathTradeModel } from './data/math-trades/math-trade.model';
import { MathTradesRepository } from './data/math-trades/math-trades.repository';
import { organiserModel } from './data/organisers/organiser.model';
import { OrganisersRepository } from './data/organisers/organisers.repository';
import type { PartyDirectory } from '../shared/domain/ports';

/** The math-trade module's collections (none carries an outbox). */
export function mathTradeModels(conn: Connection): void {
  boothModel(conn);
  organiserModel(conn);
  mathTradeModel(conn);
}

/**
 * The math-trade module: booths (from catalog's events), organiser standings decided by admins,
 * and math trades solved off the event loop.
 */
export function buildMathTradeDeps(
  ctx: ServiceContext<ExchangeConfig>,
  shared: { parties: PartyDirectory; now: () => Date },
) {
  const c = ctx.config;
  return {
    ...shared,
    booths: new BoothsRepository(ctx.conn),
    organisers: new OrganisersRepository(ctx.conn),
    mathTrades: new MathTradesRepository(ctx.conn),
    solver: new WorkerSolver({
      timeoutMs: c.MATH_TRADE_TIMEOUT_MS,
      memoryMb: c.MATH_TRADE_MEMORY_MB,
      concurrency: c.MATH_TRADE_CONCURRENCY,
    }),
    newId: () => randomUUID(),
  };
}

export type MathTradingDeps = ReturnType<typeof buildMathTradeDeps>;
