import type { Request, Response } from 'express';
import { mathTradeBody } from '@swapbooth/contracts';
import { parse, principalOf } from '@swapbooth/service-kit';
import {
  mathTradeOf,
  myMathTrades,
  runMathTrade,
  type MathTradeDeps,
} from '../../domain/math-trade';
import { idParam, ok } from '../../../shared/api/http';
import { mathTradeSummaryView, mathTradeView } from './math-trade-presenter';

/** HTTP in and out for math trades. The organiser is always the caller. */
export function mathTradesController(deps: MathTradeDeps) {
  return {
    async create(req: Request, res: Response) {
      const body = parse(mathTradeBody, req.body);
      const trade = await runMathTrade(deps, principalOf(req).userId, body);
      ok(res, mathTradeView(trade), 201);
    },

    async mine(req: Request, res: Response) {
      const list = await myMathTrades(deps, principalOf(req).userId);
      ok(res, { math_trades: list.map(mathTradeSummaryView) });
    },

    async one(req: Request, res: Response) {
      const id = parse(idParam, req.params.id, 'id');
      ok(res, mathTradeView(await mathTradeOf(deps, principalOf(req).userId, id)));
    },
  };
}
