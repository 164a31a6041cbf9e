import { Router } from 'express';
import { handle, requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { internalController } from './internal.controller';

/**
 * Moderation calls made by the admin service (never exposed by the gateway): listing and booth
 * suspension, the admin products list, and the reports queue.
 */
export function internalRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const c = internalController(deps);
  r.use('/internal', requireAuth(ctx.adminTokens), requirePermission('products'));

  r.get('/internal/products', handle(c.products));
  r.patch('/internal/products/:id/status', handle(c.setProductStatus));
  r.patch('/internal/booths/:id/status', handle(c.setBoothStatus));
  r.get('/internal/reports', handle(c.reports));
  r.patch('/internal/reports/:id', handle(c.setReportStatus));
  return r;
}
