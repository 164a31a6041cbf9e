import { Router } from 'express';
import { handle, optionalAuth, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { boothsController } from './booths.controller';

/** Booth routes; reads and availability checks are public. */
export function boothsRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const c = boothsController(deps);
  const member = requireAuth(ctx.memberTokens);
  const anyone = optionalAuth(ctx.memberTokens);

  r.post('/api/booth', member, handle(c.create));
  r.get('/api/booth/check-username/:value', handle(c.checkUsername));
  r.get('/api/booth/check-name/:value', handle(c.checkName));
  r.get('/api/booth/username/:username', handle(c.byUsername));
  r.post('/api/booth/views/:id', anyone, handle(c.recordView));
  r.get('/api/booth/views/:id', handle(c.views));
  r.get('/api/booth/:userId', handle(c.byUser));
  r.put('/api/booth/:id', member, handle(c.update));
  return r;
}
