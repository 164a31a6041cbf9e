import { Router } from 'express';
import { requireAuth } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { profileController } from './profile.controller';

export function profileRoutes(deps: AuthDeps): Router {
  const c = profileController(deps);
  const router = Router();
  const auth = requireAuth(deps.ctx.memberTokens);
  router.get('/api/profile', auth, c.get);
  router.post('/api/profile', auth, c.save);
  router.put('/api/profile', auth, c.save);
  router.get('/api/user/email/:email', auth, c.byEmail);
  return router;
}
