import { organiserDecisionBody, organisersQuery } from '@swapbooth/contracts';
import { parse } from '@swapbooth/service-kit';
import { decideOrganiser, organiserRequests } from '../../domain/organisers';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { actorOf, idParam, ok } from '../http';

/** Math-trade organisers: members who asked, and the admin's decision (through exchange). */
export function organisersRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/organisers', 'users', async (req, res) => {
    const { status } = parse(organisersQuery, req.query, 'query');
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await organiserRequests(deps.moderation, actor, status));
  });
  r.add('put', '/api/admin/organisers/:userId', 'users', async (req, res) => {
    const userId = parse(idParam, req.params.userId, 'userId');
    const { status } = parse(organiserDecisionBody, req.body);
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await decideOrganiser(deps.moderation, actor, userId, status));
  });
}
