import { Router } from 'express';
import { handle, optionalAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { SearchDeps } from '../../deps';
import { searchController } from './search.controller';

/** Search is public; a token, when sent, must be valid. */
export function searchRoutes(ctx: ServiceContext, deps: SearchDeps): Router {
  const r = Router();
  const c = searchController(deps);
  r.get('/api/search', optionalAuth(ctx.memberTokens), handle(c.search));
  return r;
}
