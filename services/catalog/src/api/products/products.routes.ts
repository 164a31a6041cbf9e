import { Router } from 'express';
import { handle, optionalAuth, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { productsController } from './products.controller';

/** Listing routes. Literal segments are registered before `:id` so they are not taken for ids. */
export function productsRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const c = productsController(deps);
  const member = requireAuth(ctx.memberTokens);
  const anyone = optionalAuth(ctx.memberTokens);

  r.post('/api/product', member, handle(c.create));
  r.get('/api/product/published', anyone, handle(c.published));
  r.get('/api/product/published-by-user/:userId', anyone, handle(c.publishedByUser));
  r.get('/api/product/count/user/:userId', anyone, handle(c.countOfMember));
  r.get('/api/product/slug/:slug', anyone, handle(c.bySlug));
  r.get('/api/product/booth/:username', anyone, handle(c.ofBooth));
  r.get('/api/profile/user/:userId/products', anyone, handle(c.ofMember));
  r.get('/api/product/:id', anyone, handle(c.byId));
  r.put('/api/product/:id', member, handle(c.update));
  return r;
}
