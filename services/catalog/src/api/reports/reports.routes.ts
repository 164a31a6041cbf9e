import { Router } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { reportsController } from './reports.controller';

/** Members report listings, booths or members; the reasons list is public for the report form. */
export function reportsRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const c = reportsController(deps);

  r.get('/api/reports/reasons', handle(c.reasons));
  r.post('/api/reports', requireAuth(ctx.memberTokens), handle(c.file));
  return r;
}
