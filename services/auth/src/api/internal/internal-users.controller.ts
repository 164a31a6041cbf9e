import type { UserStatusResponse } from '@swapbooth/contracts';
import { handle, parse } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { idParams } from '../common.schemas';
import { setStatusSchema } from './internal-users.schemas';

/** Service-to-service commands from the admin service. */
export function internalUsersController(deps: AuthDeps) {
  return {
    setStatus: handle(async (req, res) => {
      const { id } = parse(idParams, req.params, 'id');
      const { status, reason } = parse(setStatusSchema, req.body);
      const now = await deps.accountStatus.set(id, status, reason || undefined);
      res.json({ success: true, data: { user_id: id, status: now } satisfies UserStatusResponse });
    }),
  };
}
