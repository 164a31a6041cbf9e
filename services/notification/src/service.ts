import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { NotificationConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type NotificationOverrides = Partial<
  Pick<ServiceDefinition<NotificationConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the notification service: its database, event plumbing and HTTP API. */
export function startNotificationService(
  config: Readonly<NotificationConfig>,
  overrides: NotificationOverrides = {},
): Promise<RunningService<NotificationConfig>> {
  return startServiceRuntime<NotificationConfig>({
    name: 'notification',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
