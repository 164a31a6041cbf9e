import { Router, type NextFunction, type Request, type Response } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { ExchangeDeps } from '../../../deps';
import { circlesController } from './circles.controller';

/** Literal segments under /api/circles served by other routers (math trades, organisers). */
const notCircleIds = new Set(['wants', 'math-trades', 'organiser']);

/** A literal segment is not a circle id: leave it to the router that serves it. */
const circleIdOnly = (req: Request, _res: Response, next: NextFunction) =>
  notCircleIds.has(String(req.params.id)) ? next('router') : next();

/** Want lists and trade circles. Literal segments are registered before `:id`. */
export function circlesRoutes(ctx: ServiceContext, deps: ExchangeDeps): Router {
  const r = Router();
  const c = circlesController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.get('/api/circles/wants', member, handle(c.wantLists));
  r.put('/api/circles/wants/:productId', member, handle(c.putWantList));
  r.delete('/api/circles/wants/:productId', member, handle(c.deleteWantList));
  r.get('/api/circles', member, handle(c.list));
  r.get('/api/circles/:id', circleIdOnly, member, handle(c.byId));
  r.put('/api/circles/:id/status', circleIdOnly, member, handle(c.answer));
  return r;
}
