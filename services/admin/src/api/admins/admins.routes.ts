import type { Request } from 'express';
import { AppError, handle, parse, principalOf } from '@swapbooth/service-kit';
import {
  adminAccessBody as accessBody,
  adminAccountStatusBody as statusBody,
  adminPasswordResetBody as resetBody,
  type AdminAccountResponse,
} from '@swapbooth/contracts';
import type { AdminUser } from '../../domain/admin-user';
import {
  changeAccess,
  listAdmins,
  requestPasswordReset,
  setAdminStatus,
  type Executive,
} from '../../domain/manage-admins';
import { resetPassword } from '../../domain/reset-password';
import type { AdminDeps } from '../../deps';
import { openAdminRoutes, type AdminRoutes } from '../admin-routes';
import { idParam, ok } from '../http';

export const adminAccountView = (u: AdminUser): AdminAccountResponse => ({
  admin_id: u.id,
  email: u.email,
  role: u.role,
  permissions: Object.fromEntries(
    Object.entries(u.permissions).filter(([, v]) => typeof v === 'boolean'),
  ) as Record<string, boolean>,
  status: u.status,
  created_at: u.createdAt.toISOString(),
  last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
});

/** The executive acting, read from the admin service's own record of the token's subject. */
async function executiveOf(req: Request, deps: AdminDeps): Promise<Executive> {
  const account = await deps.adminUsers.byId(principalOf(req).userId);
  if (!account) throw AppError.unauthorized('This admin account no longer exists');
  return account;
}

/**
 * Admins who manage admins (executives only): the accounts, their role and areas, disabling and
 * re-enabling, and a one-time password-reset link by e-mail; POST /api/admin/password-reset
 * redeems such a link and needs no token.
 */
export function adminsRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/admins', 'executive', async (req, res) => {
    const admins = await listAdmins(deps.admins, await executiveOf(req, deps));
    ok(res, { admins: admins.map(adminAccountView) });
  });
  r.add('patch', '/api/admin/admins/:id', 'executive', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const body = parse(accessBody, req.body);
    const actor = await executiveOf(req, deps);
    const changed = await changeAccess(deps.admins, actor, id, {
      ...(body.role ? { role: body.role } : {}),
      ...(body.permissions ? { permissions: body.permissions } : {}),
    });
    ok(res, adminAccountView(changed));
  });
  r.add('patch', '/api/admin/admins/:id/status', 'executive', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const body = parse(statusBody, req.body);
    const actor = await executiveOf(req, deps);
    ok(
      res,
      adminAccountView(await setAdminStatus(deps.admins, actor, id, body.status, body.reason)),
    );
  });
  r.add('post', '/api/admin/admins/:id/password-reset', 'executive', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const actor = await executiveOf(req, deps);
    const sent = await requestPasswordReset(deps.admins, actor, id);
    ok(res, {
      admin_id: sent.admin.id,
      expires_at: sent.expiresAt.toISOString(),
      audit_id: sent.auditId,
    });
  });
  r.open(
    openAdminRoutes[3],
    handle(async (req, res) => {
      const { token, password } = parse(resetBody, req.body);
      await resetPassword(deps.passwordReset, token, password);
      ok(res, { reset: true });
    }),
  );
}
