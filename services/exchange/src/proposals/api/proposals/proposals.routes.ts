import { Router } from 'express';
import { handle, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { ExchangeDeps } from '../../../deps';
import { proposalsController } from './proposals.controller';

/** Proposal routes. Literal segments are registered before `:id` so they are not taken for ids. */
export function proposalsRoutes(ctx: ServiceContext, deps: ExchangeDeps): Router {
  const r = Router();
  const c = proposalsController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.post('/api/exchange/proposal', member, handle(c.create));
  r.get('/api/exchange/proposal/product/:id', member, handle(c.ofListing));
  r.get('/api/exchange/proposal/:id', member, handle(c.byId));
  r.put('/api/exchange/proposal/:id/status', member, handle(c.status));
  r.post('/api/exchange/proposal/:id/counter', member, handle(c.counter));
  r.put('/api/exchange/proposal/:id/shipping-status', member, handle(c.shipping));
  r.post('/api/exchange/proposal/:id/confirm', member, handle(c.confirm));
  r.post('/api/exchange/proposal/:id/extend', member, handle(c.extend));
  r.get('/api/exchange/user/:id/proposals', member, handle(c.ofMember));
  // Public: a member's trade record shows on their store (the gateway lets it through).
  r.get('/api/exchange/user/:id/stats', handle(c.stats));
  return r;
}
