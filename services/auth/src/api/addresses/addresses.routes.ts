import { Router } from 'express';
import { requireAuth } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { addressesController } from './addresses.controller';

export function addressesRoutes(deps: AuthDeps): Router {
  const c = addressesController(deps);
  const router = Router();
  router.use(
    ['/api/addresses', '/api/address', '/api/default-address'],
    requireAuth(deps.ctx.memberTokens),
  );
  router.get('/api/addresses', c.list);
  router.post('/api/addresses', c.create);
  router.put('/api/addresses/default/:id', c.setDefault);
  router.put('/api/addresses/:id', c.update);
  router.get('/api/address/:id', c.get);
  router.delete('/api/address/:id', c.remove);
  router.get('/api/default-address/:userId', c.getDefault);
  return router;
}
