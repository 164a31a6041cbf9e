import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { CatalogConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type CatalogOverrides = Partial<
  Pick<ServiceDefinition<CatalogConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the catalog service: its database, event plumbing and HTTP API. */
export function startCatalogService(
  config: Readonly<CatalogConfig>,
  overrides: CatalogOverrides = {},
): Promise<RunningService<CatalogConfig>> {
  return startServiceRuntime<CatalogConfig>({
    name: 'catalog',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
