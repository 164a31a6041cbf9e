import { Router } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { MathTradeDeps } from '../../domain/math-trade';
import { mathTradesController } from './math-trades.controller';

/** Math trades: an approved organiser solves a want-list file and reads back their results. */
export function mathTradesRoutes(ctx: ServiceContext, deps: MathTradeDeps): Router {
  const r = Router();
  const c = mathTradesController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.post('/api/circles/math-trades', member, handle(c.create));
  r.get('/api/circles/math-trades', member, handle(c.mine));
  r.get('/api/circles/math-trades/:id', member, handle(c.one));
  return r;
}
