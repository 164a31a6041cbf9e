import type { Request, Response } from 'express';
import type { CatalogDeps } from '../../deps';
import { ok } from '../http';

/** HTTP out for the category taxonomy (read at each call: it is replaced once seeded at start). */
export function categoriesController(deps: CatalogDeps) {
  return {
    list(_req: Request, res: Response) {
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
    },
  };
}
