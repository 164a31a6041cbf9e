import { Router } from 'express';
import type { AuthDeps } from '../../deps';
import type { CookieSettings } from './session-cookie';
import { sessionsController } from './sessions.controller';

export function sessionsRoutes(deps: AuthDeps, cookies: CookieSettings): Router {
  const c = sessionsController(deps, cookies);
  const router = Router();
  router.post('/api/auth/refresh', c.refresh);
  router.post('/api/auth/logout', c.logout);
  return router;
}
