import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { ExchangeConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type ExchangeOverrides = Partial<
  Pick<ServiceDefinition<ExchangeConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the exchange service: its database, event plumbing and HTTP API. */
export function startExchangeService(
  config: Readonly<ExchangeConfig>,
  overrides: ExchangeOverrides = {},
): Promise<RunningService<ExchangeConfig>> {
  return startServiceRuntime<ExchangeConfig>({
    name: 'exchange',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
