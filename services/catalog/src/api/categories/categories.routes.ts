import { Router } from 'express';
import { handle } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import { categoriesController } from './categories.controller';

/** GET /api/categories: the taxonomy, items first, in the order it ships in. */
export function categoriesRoutes(deps: CatalogDeps): Router {
  const r = Router();
  const c = categoriesController(deps);

  r.get('/api/categories', handle(c.list));
  return r;
}
