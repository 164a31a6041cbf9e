import { Router } from 'express';
import type { AuthDeps } from '../../deps';
import type { CookieSettings } from '../sessions/session-cookie';
import { signInLinkController } from './sign-in-link.controller';

/**
 * The e-mailed link opens the web app (`/sign-in-link?token=…`), which redeems it with a POST: a
 * link scanner that fetches every URL in an e-mail must not use the link up.
 */
export function signInLinkRoutes(deps: AuthDeps, cookies: CookieSettings): Router {
  const c = signInLinkController(deps, cookies);
  const router = Router();
  router.post('/api/auth/sign-in-link', c.request);
  router.post('/api/auth/sign-in-link/redeem', c.redeem);
  return router;
}
