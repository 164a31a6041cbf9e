import { disputesQuery, resolveDisputeBody } from '@swapbooth/contracts';
import { mayAccess, parse, principalOf } from '@swapbooth/service-kit';
import { listDisputes, resolveDispute, viewDispute } from '../../domain/disputes';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { actorOf, idParam, ok } from '../http';

/** The disputes area: the queue, one dispute (audited) and the decision, through exchange. */
export function disputesRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/disputes', 'disputes', async (req, res) => {
    const q = parse(disputesQuery, req.query, 'query');
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await listDisputes(deps.moderation, actor, q));
  });
  r.add('get', '/api/admin/disputes/:id', 'disputes', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await viewDispute(deps.moderation, actor, id));
  });
  r.add('post', '/api/admin/disputes/:id/resolve', 'disputes', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const body = parse(resolveDisputeBody, req.body);
    const actor = await actorOf(req, deps.adminUsers);
    ok(
      res,
      await resolveDispute(deps.moderation, actor, id, body, {
        maySuspend: mayAccess(principalOf(req), 'users'),
      }),
    );
  });
}
