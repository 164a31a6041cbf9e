import { Router } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { bagController } from './bag.controller';

/** The exchange bag; paths keep the client's shapes. */
export function bagRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const c = bagController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.post('/api/product/:id/add-to-bag/:userId', member, handle(c.add));
  r.delete('/api/product/:id/remove-to-bag/:productId', member, handle(c.remove));
  r.get('/api/product/:userId/bag', member, handle(c.contents));
  r.get('/api/products/:id/bag-count', member, handle(c.count));
  return r;
}
