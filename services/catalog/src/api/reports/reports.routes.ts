import { Router, type Request, type Response } from 'express';
import { handle, parse, principalOf, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { fileReport, reportReasons } from '../../domain/reports';
import { ok } from '../http';
import { reportView } from './report-view';
import { reportBody } from './reports.schemas';

/** Members report listings, booths or members; the reasons list is public for the report form. */
export function reportsRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  r.get('/api/reports/reasons', (_req, res) => ok(res, reportReasons));
  r.post(
    '/api/reports',
    requireAuth(ctx.memberTokens),
    handle(async (req: Request, res: Response) => {
      const body = parse(reportBody, req.body);
      const report = await fileReport(deps, principalOf(req).userId, body);
      ok(res, reportView(report), 201);
    }),
  );
  return r;
}
