import { Router } from 'express';
import { requireAuth } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import type { CookieSettings } from '../sessions/session-cookie';
import { authController } from './auth.controller';

export function authRoutes(deps: AuthDeps, cookies: CookieSettings): Router {
  const c = authController(deps, cookies);
  const router = Router();
  router.post('/api/auth/register', c.register);
  router.post('/api/otp/send-otp', c.sendOtp);
  router.post('/api/auth/verify-otp', c.verifyOtp);
  router.post('/api/auth/login', c.login);
  router.post('/api/auth/google', c.google);
  router.get('/api/auth/providers', c.providers);
  router.get('/api/auth/user-data', requireAuth(deps.ctx.memberTokens), c.userData);
  return router;
}
