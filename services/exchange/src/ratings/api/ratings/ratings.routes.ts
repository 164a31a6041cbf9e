import { Router } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { RatingsDeps } from '../../deps';
import { ratingsController } from './ratings.controller';

/** Ratings: rating the other party of a completed exchange, and reading ratings. */
export function ratingsRoutes(ctx: ServiceContext, deps: RatingsDeps): Router {
  const r = Router();
  const c = ratingsController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.post('/api/rating', member, handle(c.create));
  // Public: a store page shows its owner's hearts to anyone (the gateway lets it through).
  r.get('/api/rating/user/:id', handle(c.ofUser));
  r.get('/api/rating/proposal/:id', member, handle(c.ofProposal));
  return r;
}
