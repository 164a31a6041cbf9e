import type { z } from 'zod';
import type { MathTradeResponse, mathTradeSummaryResponse } from '@swapbooth/contracts';
import type { MathTrade, MathTradeSummary } from '../../domain/math-trade';

type MathTradeSummaryResponse = z.infer<typeof mathTradeSummaryResponse>;

/** A math trade's figures as its list shows them. */
export const mathTradeSummaryView = (t: MathTradeSummary): MathTradeSummaryResponse => ({
  math_trade_id: t.id,
  name: t.name,
  organiser_id: t.organiserId,
  items_total: t.itemsTotal,
  items_trading: t.itemsTrading,
  users_trading: t.usersTrading,
  group_sizes: t.groupSizes,
  sum_of_squares: t.sumOfSquares,
  elapsed_ms: t.elapsedMs,
  warnings: t.warnings,
  created_at: t.createdAt.toISOString(),
});

/** A math trade in full: its loops and the TradeMaximizer-style report. */
export const mathTradeView = (t: MathTrade): MathTradeResponse => ({
  ...mathTradeSummaryView(t),
  loops: t.loops.map((loop) =>
    loop.map((s) => ({
      user: s.user,
      item: s.item,
      receives_from: s.receivesFrom,
      receives_item: s.receivesItem,
    })),
  ),
  report: t.report,
});
