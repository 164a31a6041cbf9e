import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { PaymentConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type PaymentOverrides = RuntimeOverrides;

/** Starts the payment service: its database, event plumbing and HTTP API. */
export function startPaymentService(
  config: Readonly<PaymentConfig>,
  overrides: PaymentOverrides = {},
): Promise<RunningService<PaymentConfig>> {
  return startServiceRuntime({
    name: 'payment',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
