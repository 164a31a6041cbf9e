import type { Request, Response } from 'express';
import { z } from 'zod';
import { productStatus } from '@swapbooth/contracts';
import { parse } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import { boothStatuses } from '../../domain/booth';
import { adminSetStatus } from '../../domain/change-product-status';
import { moderationListings } from '../../domain/list-products';
import { reportQueue, reportStatuses, reviewReport } from '../../domain/reports';
import { adminSetBoothStatus } from '../../domain/update-booth';
import { boothView } from '../booths/booth-view';
import { idParam, ok, pageQuery, pageResult } from '../http';
import { ProductPresenter } from '../products/product-presenter';
import { reportView } from '../reports/report-view';

const productsQuery = pageQuery.extend({ status: productStatus.optional() });
const reportsQuery = pageQuery.extend({ status: z.enum(reportStatuses).optional() });
const productStatusBody = z.object({ status: productStatus });
const boothStatusBody = z.object({ status: z.enum(boothStatuses) });
const reportStatusBody = z.object({ status: z.enum(reportStatuses) });

/** HTTP in and out for the admin service's moderation calls. */
export function internalController(deps: CatalogDeps) {
  const presenter = new ProductPresenter(deps);
  const id = (req: Request) => parse(idParam, req.params.id, 'id');

  return {
    async products(req: Request, res: Response) {
      const { status, ...page } = parse(productsQuery, req.query, 'query');
      const found = await moderationListings(deps, status, page);
      ok(res, pageResult(await presenter.many(found.items), found.total, found.page, found.limit));
    },
    async setProductStatus(req: Request, res: Response) {
      const { status } = parse(productStatusBody, req.body);
      ok(res, await presenter.one(await adminSetStatus(deps, id(req), status)));
    },
    async setBoothStatus(req: Request, res: Response) {
      const { status } = parse(boothStatusBody, req.body);
      ok(res, boothView(await adminSetBoothStatus(deps, id(req), status)));
    },
    async reports(req: Request, res: Response) {
      const { status, ...page } = parse(reportsQuery, req.query, 'query');
      const found = await reportQueue(deps, status, page);
      ok(res, {
        reports: found.items.map(reportView),
        totalCount: found.total,
        page: found.page,
        limit: found.limit,
      });
    },
    async setReportStatus(req: Request, res: Response) {
      const { status } = parse(reportStatusBody, req.body);
      ok(res, reportView(await reviewReport(deps, id(req), status)));
    },
  };
}
