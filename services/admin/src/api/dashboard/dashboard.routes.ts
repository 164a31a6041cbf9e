import { dashboardStats } from '../../domain/dashboard';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { ok } from '../http';

/** GET /api/admin/dashboard/stats: counts and 30-day series from the admin's own projection. */
export function dashboardRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/dashboard/stats', 'dashboard', async (_req, res) => {
    ok(res, await dashboardStats(deps.projection, deps.clock.now()));
  });
}
