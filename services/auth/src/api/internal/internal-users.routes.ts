import { Router } from 'express';
import { requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { internalUsersController } from './internal-users.controller';

/** Not routed by the gateway: reached by other services only, with an admin token. */
export function internalUsersRoutes(deps: AuthDeps): Router {
  const c = internalUsersController(deps);
  const router = Router();
  router.patch(
    '/internal/users/:id/status',
    requireAuth(deps.ctx.adminTokens),
    requirePermission('users'),
    c.setStatus,
  );
  return router;
}
