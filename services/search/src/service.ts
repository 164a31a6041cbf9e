import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { SearchConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type SearchOverrides = Partial<
  Pick<ServiceDefinition<SearchConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the search service: its database, event plumbing and HTTP API. */
export function startSearchService(
  config: Readonly<SearchConfig>,
  overrides: SearchOverrides = {},
): Promise<RunningService<SearchConfig>> {
  return startServiceRuntime<SearchConfig>({
    name: 'search',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
