import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { productStatus } from '@swapbooth/contracts';
import { AppError, handle, parse, requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { boothStatuses } from '../../domain/booth';
import { adminSetStatus } from '../../domain/change-product-status';
import { reportStatuses } from '../../domain/reports';
import { adminSetBoothStatus } from '../../domain/update-booth';
import { boothView } from '../booths/booth-view';
import { idParam, ok, pageQuery, pageResult } from '../http';
import { ProductPresenter } from '../products/product-presenter';
import { reportView } from '../reports/report-view';

/**
 * Moderation calls made by the admin service (never exposed by the gateway): listing and booth
 * suspension, the admin products list, and the reports queue.
 */
export function internalRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const presenter = new ProductPresenter(deps);
  r.use('/internal', requireAuth(ctx.adminTokens), requirePermission('products'));
  const id = (req: Request) => parse(idParam, req.params.id, 'id');

  r.get(
    '/internal/products',
    handle(async (req: Request, res: Response) => {
      const q = parse(pageQuery.extend({ status: productStatus.optional() }), req.query, 'query');
      const statuses = q.status ? [q.status] : productStatus.options;
      const found = await deps.products.list({
        statuses,
        activeSellersOnly: false,
        page: q.page,
        limit: q.limit,
      });
      ok(res, pageResult(await presenter.many(found.items), found.total, q.page, q.limit));
    }),
  );
  r.patch(
    '/internal/products/:id/status',
    handle(async (req: Request, res: Response) => {
      const { status } = parse(z.object({ status: productStatus }), req.body);
      ok(res, await presenter.one(await adminSetStatus(deps, id(req), status)));
    }),
  );
  r.patch(
    '/internal/booths/:id/status',
    handle(async (req: Request, res: Response) => {
      const { status } = parse(z.object({ status: z.enum(boothStatuses) }), req.body);
      ok(res, boothView(await adminSetBoothStatus(deps, id(req), status)));
    }),
  );
  r.get(
    '/internal/reports',
    handle(async (req: Request, res: Response) => {
      const q = parse(
        pageQuery.extend({ status: z.enum(reportStatuses).optional() }),
        req.query,
        'query',
      );
      const found = await deps.reports.list({
        ...(q.status ? { status: q.status } : {}),
        page: q.page,
        limit: q.limit,
      });
      ok(res, {
        reports: found.items.map(reportView),
        totalCount: found.total,
        page: q.page,
        limit: q.limit,
      });
    }),
  );
  r.patch(
    '/internal/reports/:id',
    handle(async (req: Request, res: Response) => {
      const { status } = parse(z.object({ status: z.enum(reportStatuses) }), req.body);
      const report = await deps.reports.setStatus(id(req), status, deps.now());
      if (!report) throw AppError.notFound('Report not found');
      ok(res, reportView(report));
    }),
  );
  return r;
}
