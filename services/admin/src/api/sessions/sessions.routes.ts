import { handle, parse } from '@swapbooth/service-kit';
import { z } from 'zod';
import { signIn } from '../../domain/sign-in';
import type { AdminDeps } from '../../deps';
import { openAdminRoutes, type AdminRoutes } from '../admin-routes';
import { ok } from '../http';

const loginBody = z.object({
  email: z.string().trim().min(1, 'is required').max(254, 'is too long'),
  password: z.string().min(1, 'is required').max(256, 'is too long'),
});

/** POST /api/admin/login → { adminToken, adminUser: { id, email, role, permissions } }. */
export function sessionsRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.open(
    openAdminRoutes[0],
    handle(async (req, res) => {
      const { email, password } = parse(loginBody, req.body);
      const session = await signIn(deps.signIn, email, password, req.ip);
      ok(res, session);
    }),
  );
}
