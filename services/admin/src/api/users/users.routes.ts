import { parse } from '@swapbooth/service-kit';
import {
  adminUsersQuery as usersQuery,
  memberStatusBody as statusBody,
} from '@swapbooth/contracts';
import type { MemberRow } from '../../domain/projection';
import { setMemberStatus } from '../../domain/set-member-status';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { actorOf, idParam, ok, pageOf } from '../http';

export const memberView = (m: MemberRow) => ({
  user_id: m.userId,
  email: m.email ?? null,
  first_name: m.firstName ?? null,
  last_name: m.lastName ?? null,
  username: m.username ?? null,
  status: m.status,
  is_verified: m.verified,
  registered_at: m.registeredAt?.toISOString() ?? null,
});

/** Members from the projection, and suspension through auth. */
export function usersRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/users', 'users', async (req, res) => {
    const { search, ...q } = parse(usersQuery, req.query, 'query');
    const found = await deps.projection.members({ ...q, ...(search ? { q: search } : {}) });
    ok(res, pageOf('users', { ...found, items: found.items.map(memberView) }));
  });
  r.add('patch', '/api/admin/users/:id/status', 'users', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const body = parse(statusBody, req.body);
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await setMemberStatus(deps.moderation, actor, id, body.status, body.reason));
  });
}
