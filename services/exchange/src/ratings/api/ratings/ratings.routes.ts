import { Router } from 'express';
import { handle, requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { RatingsDeps } from '../../deps';
import { ratingsController } from './ratings.controller';

/**
 * Ratings: rating the other party of a completed exchange (hidden until both rated or the window
 * closed), changing it while hidden, answering a rating once, reading ratings, and the admin's
 * removal of a rating that breaks the rules.
 */
export function ratingsRoutes(ctx: ServiceContext, deps: RatingsDeps): Router {
  const r = Router();
  const c = ratingsController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.post('/api/rating', member, handle(c.create));
  // Public: a store page shows its owner's hearts to anyone (the gateway lets it through).
  r.get('/api/rating/user/:id', handle(c.ofUser));
  r.get('/api/rating/proposal/:id', member, handle(c.ofProposal));
  r.put('/api/rating/:id', member, handle(c.change));
  r.post('/api/rating/:id/answer', member, handle(c.answer));
  // The admin service's calls with the acting admin's token (never exposed by the gateway):
  // ratings are moderated under the reports permission, like the content reported.
  const admin = [requireAuth(ctx.adminTokens), requirePermission('reports')];
  r.get('/internal/ratings/user/:id', ...admin, handle(c.adminOfUser));
  r.delete('/internal/ratings/:id', ...admin, handle(c.remove));
  return r;
}
