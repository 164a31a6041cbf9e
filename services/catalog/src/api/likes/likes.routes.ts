import { Router } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { likesController } from './likes.controller';

/** Likes (wishlist). */
export function likesRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const c = likesController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.post('/api/product/:id/like/:userId', member, handle(c.like));
  r.delete('/api/product/:id/unlike/:userId', member, handle(c.unlike));
  r.get('/api/product/:userId/liked', member, handle(c.liked));
  return r;
}
