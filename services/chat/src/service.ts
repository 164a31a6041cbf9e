import {
  startServiceRuntime,
  type RunningService,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { ChatConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type ChatOverrides = Partial<
  Pick<ServiceDefinition<ChatConfig>, 'port' | 'handleSignals' | 'relay'>
>;

/** Starts the chat service: its database, event plumbing and HTTP API. */
export function startChatService(
  config: Readonly<ChatConfig>,
  overrides: ChatOverrides = {},
): Promise<RunningService<ChatConfig>> {
  return startServiceRuntime<ChatConfig>({
    name: 'chat',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
