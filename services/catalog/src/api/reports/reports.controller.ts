import type { Request, Response } from 'express';
import { parse, principalOf } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import { fileReport, reportReasons } from '../../domain/reports';
import { ok } from '../http';
import { reportView } from './report-view';
import { reportBody } from './reports.schemas';

/** HTTP in and out for members' reports of listings, booths and members. */
export function reportsController(deps: CatalogDeps) {
  return {
    reasons(_req: Request, res: Response) {
      ok(res, reportReasons);
    },
    async file(req: Request, res: Response) {
      const body = parse(reportBody, req.body);
      const report = await fileReport(deps, principalOf(req).userId, body);
      ok(res, reportView(report), 201);
    },
  };
}
