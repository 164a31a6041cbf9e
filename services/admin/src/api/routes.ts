import type { Router } from 'express';
import type { ServiceContext } from '@swapbooth/runtime';
import type { AdminConfig } from '../config';
import type { AdminDeps } from '../deps';
import { AdminRoutes, openAdminRoutes } from './admin-routes';
import { adminsRoutes } from './admins/admins.routes';
import { auditRoutes } from './audit/audit.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { disputesRoutes } from './disputes/disputes.routes';
import { healthHandler } from './health/health.routes';
import { organisersRoutes } from './organisers/organisers.routes';
import { platformRoutes } from './platform/platform.routes';
import { productsRoutes } from './products/products.routes';
import { ratingsRoutes } from './ratings/ratings.routes';
import { reportsRoutes } from './reports/reports.routes';
import { sessionsRoutes } from './sessions/sessions.routes';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes';
import { usersRoutes } from './users/users.routes';

/** Every admin route, each with the area it needs (see AdminRoutes). */
export function adminApi(deps: AdminDeps, ctx: ServiceContext<AdminConfig>): Router {
  const r = new AdminRoutes(deps.adminTokens, deps.adminUsers);
  r.open(openAdminRoutes[1], healthHandler(ctx));
  sessionsRoutes(r, deps, ctx.redis);
  dashboardRoutes(r, deps, () => ctx.bus);
  usersRoutes(r, deps);
  productsRoutes(r, deps);
  subscriptionsRoutes(r, deps);
  reportsRoutes(r, deps);
  ratingsRoutes(r, deps);
  organisersRoutes(r, deps);
  disputesRoutes(r, deps);
  auditRoutes(r, deps);
  platformRoutes(r, deps, () => ctx.bus);
  adminsRoutes(r, deps);
  return r.router;
}
