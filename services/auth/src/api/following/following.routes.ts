import { Router } from 'express';
import { optionalAuth, requireAuth } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { followingController } from './following.controller';

/** Following and unfollowing need a member; anyone may see who follows whom. */
export function followingRoutes(deps: AuthDeps): Router {
  const c = followingController(deps);
  const auth = requireAuth(deps.ctx.memberTokens);
  const maybe = optionalAuth(deps.ctx.memberTokens);
  const router = Router();
  router.post('/api/following/follow', auth, c.follow);
  router.post('/api/following/unfollow', auth, c.unfollow);
  router.get('/api/following/followers', auth, c.followers);
  router.get('/api/following/followers/:id', maybe, c.followers);
  router.get('/api/following/following', auth, c.following);
  router.get('/api/following/following/:id', maybe, c.following);
  router.get('/api/following/status/:id', maybe, c.status);
  return router;
}
