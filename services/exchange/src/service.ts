import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { ExchangeConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type ExchangeOverrides = RuntimeOverrides;

/** Starts the exchange service: its database, event plumbing and HTTP API. */
export function startExchangeService(
  config: Readonly<ExchangeConfig>,
  overrides: ExchangeOverrides = {},
): Promise<RunningService<ExchangeConfig>> {
  return startServiceRuntime({
    name: 'exchange',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
