import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { AdminConfig } from './config';
import { buildDeps, type AdminDeps } from './deps';
import { subscriptions } from './events/subscriptions';
import { adminApi } from './api/routes';
import { eventCounterModel } from './data/dashboard/event-counter.model';
import { adminUserModel } from './data/admin-users/admin-user.model';
import { auditEntryModel } from './data/audit/audit-entry.model';
import { projectionModels } from './data/projection/projection.models';
import { ensureSeedAccounts, parseSeedAccounts } from './domain/bootstrap';

export type AdminOverrides = RuntimeOverrides;

/** Starts the admin service: its database, event plumbing and HTTP API. */
export function startAdminService(
  config: Readonly<AdminConfig>,
  overrides: AdminOverrides = {},
): Promise<RunningService<AdminConfig, AdminDeps>> {
  const seed = parseSeedAccounts(config.ADMIN_SEED_ACCOUNTS);
  return startServiceRuntime({
    name: 'admin',
    config,
    models: (conn) => {
      eventCounterModel(conn);
      adminUserModel(conn);
      projectionModels(conn);
      return [auditEntryModel(conn)];
    },
    deps: buildDeps,
    subscriptions: (deps) => subscriptions(deps),
    routes: (app, deps, ctx) => {
      app.use(adminApi(deps, ctx));
    },
    onStart: async (deps, ctx) => {
      const created = await ensureSeedAccounts(deps, seed);
      if (created.length) ctx.logger.info({ created }, 'admin accounts created from configuration');
      deps.platformSampler.start();
    },
    onStop: async (deps) => {
      await deps.platformSampler.stop();
    },
    ...overrides,
  });
}
