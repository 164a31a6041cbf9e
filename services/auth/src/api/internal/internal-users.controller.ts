import { AppError, handle, parse, principalOf, type Principal } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { idParams } from '../common.schemas';
import { setStatusSchema } from './internal-users.schemas';

/** Admins with the users permission (or an all-areas role) may change a member's status. */
function assertMayManageUsers(p: Principal): void {
  const allAreas = p.role === 'admin' || p.role === 'executive';
  if (p.kind !== 'admin' || !(allAreas || p.permissions?.users === true)) {
    throw AppError.forbidden('Managing users needs the users permission');
  }
}

/** Service-to-service commands from the admin service. */
export function internalUsersController(deps: AuthDeps) {
  return {
    setStatus: handle(async (req, res) => {
      assertMayManageUsers(principalOf(req));
      const { id } = parse(idParams, req.params, 'id');
      const { status, reason } = parse(setStatusSchema, req.body);
      const now = await deps.accountStatus.set(id, status, reason || undefined);
      res.json({ success: true, data: { user_id: id, status: now } });
    }),
  };
}
