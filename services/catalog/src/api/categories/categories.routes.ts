import { Router, type Request, type Response } from 'express';
import { handle } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import { ok } from '../http';

/** GET /api/categories: the taxonomy, items first, in the order it ships in. */
export function categoriesRoutes(deps: CatalogDeps): Router {
  const r = Router();
  r.get(
    '/api/categories',
    handle(async (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      ok(
        res,
        deps.taxonomy.all().map((c) => ({
          cat_id: c.catId,
          category: c.category,
          type: c.type,
          subcategories: c.subcategories,
        })),
      );
    }),
  );
  return r;
}
