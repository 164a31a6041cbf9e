import { Router } from 'express';
import { requireAuth } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import type { CookieSettings } from '../sessions/session-cookie';
import { passwordController } from './password.controller';

export function passwordRoutes(deps: AuthDeps, cookies: CookieSettings): Router {
  const c = passwordController(deps, cookies);
  const router = Router();
  router.post('/api/auth/forgot-password', c.forgot);
  router.post('/api/auth/reset-password', c.reset);
  router.put('/api/auth/change-password', requireAuth(deps.ctx.memberTokens), c.change);
  return router;
}
