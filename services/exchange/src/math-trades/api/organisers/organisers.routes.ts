import { Router } from 'express';
import { handle, requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { OrganiserDeps } from '../../domain/organiser';
import type { PartyDirectory } from '../../../shared/domain/ports';
import { organisersController } from './organisers.controller';

/**
 * Math-trade organisers: a member's own standing and request, and the calls the admin service
 * makes with the acting admin's token (never exposed by the gateway), which need the users
 * permission.
 */
export function organisersRoutes(
  ctx: ServiceContext,
  deps: OrganiserDeps & { parties: PartyDirectory },
): Router {
  const r = Router();
  const c = organisersController(deps);
  const member = requireAuth(ctx.memberTokens);
  const admin = [requireAuth(ctx.adminTokens), requirePermission('users')];

  r.get('/api/circles/organiser', member, handle(c.mine));
  r.post('/api/circles/organiser', member, handle(c.ask));
  r.get('/internal/organisers', ...admin, handle(c.list));
  r.put('/internal/organisers/:userId', ...admin, handle(c.decide));
  return r;
}
