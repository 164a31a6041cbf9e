import { Router } from 'express';
import { requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { signInThrottlesController } from './sign-in-throttles.controller';

/**
 * Not routed by the gateway: the admin service reads refused sign-ins per day (accounts named by
 * the hash the `sign-in throttled` log lines carry) with an admin token.
 */
export function signInThrottlesRoutes(deps: AuthDeps): Router {
  const c = signInThrottlesController(deps);
  const router = Router();
  router.get(
    '/internal/sign-in-throttles',
    requireAuth(deps.ctx.adminTokens),
    requirePermission('users'),
    c.report,
  );
  return router;
}
