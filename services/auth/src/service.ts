import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { AuthConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type AuthOverrides = Partial<
  Pick<ServiceDefinition<AuthConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the auth service: its database, event plumbing and HTTP API. */
export function startAuthService(
  config: Readonly<AuthConfig>,
  overrides: AuthOverrides = {},
): Promise<RunningService<AuthConfig>> {
  return startServiceRuntime<AuthConfig>({
    name: 'auth',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
