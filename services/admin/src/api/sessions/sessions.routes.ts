import { bearerToken, handle, parse, revokeToken, verifyToken } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import { adminLoginBody as loginBody } from '@swapbooth/contracts';
import { signIn } from '../../domain/sign-in';
import type { AdminDeps } from '../../deps';
import { openAdminRoutes, type AdminRoutes } from '../admin-routes';
import { ok } from '../http';

/**
 * POST /api/admin/login → { adminToken, adminUser: { id, email, role, permissions } };
 * POST /api/admin/logout deny-lists the presented admin token until it would have expired.
 */
export function sessionsRoutes(r: AdminRoutes, deps: AdminDeps, redis: ServiceContext['redis']) {
  r.open(
    openAdminRoutes[0],
    handle(async (req, res) => {
      const { email, password } = parse(loginBody, req.body);
      const session = await signIn(deps.signIn, email, password, req.ip);
      ok(res, session);
    }),
  );
  r.open(
    openAdminRoutes[2],
    handle(async (req, res) => {
      const token = bearerToken(req);
      if (token) {
        try {
          await revokeToken(redis, verifyToken(token, deps.adminTokens));
        } catch {
          // Not a valid admin token: there is no session to end.
        }
      }
      ok(res, { signedOut: true });
    }),
  );
}
