import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { PaymentConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type PaymentOverrides = Partial<
  Pick<ServiceDefinition<PaymentConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the payment service: its database, event plumbing and HTTP API. */
export function startPaymentService(
  config: Readonly<PaymentConfig>,
  overrides: PaymentOverrides = {},
): Promise<RunningService<PaymentConfig>> {
  return startServiceRuntime<PaymentConfig>({
    name: 'payment',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
