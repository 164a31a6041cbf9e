import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { AdminConfig } from './config';
import { subscriptions } from './events/subscriptions';
import { healthRoutes } from './api/health/health.routes';
import { eventCounterModel } from './data/dashboard/event-counter.model';

export type AdminOverrides = RuntimeOverrides;

/** Starts the admin service: its database, event plumbing and HTTP API. */
export function startAdminService(
  config: Readonly<AdminConfig>,
  overrides: AdminOverrides = {},
): Promise<RunningService<AdminConfig>> {
  return startServiceRuntime({
    name: 'admin',
    config,
    models: (conn) => {
      eventCounterModel(conn);
      return [];
    },
    subscriptions: (_deps, ctx) => subscriptions(ctx),
    routes: (app, _deps, ctx) => {
      app.use(healthRoutes(ctx));
    },
    ...overrides,
  });
}
