import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { AdminConfig } from './config';
import { subscriptions } from './events/subscriptions';
import { healthRoutes } from './api/health/health.routes';
import { eventCounterModel } from './data/dashboard/event-counter.model';

export type AdminOverrides = Partial<
  Pick<ServiceDefinition<AdminConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the admin service: its database, event plumbing and HTTP API. */
export function startAdminService(
  config: Readonly<AdminConfig>,
  overrides: AdminOverrides = {},
): Promise<RunningService<AdminConfig>> {
  return startServiceRuntime<AdminConfig>({
    name: 'admin',
    config,
    models: (conn) => {
      eventCounterModel(conn);
      return [];
    },
    subscriptions,
    routes: (app, ctx) => {
      app.use(healthRoutes(ctx));
    },
    ...overrides,
  });
}
