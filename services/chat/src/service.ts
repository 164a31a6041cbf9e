import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { ChatConfig } from './config';
import { subscriptions } from './events/subscriptions';

export type ChatOverrides = RuntimeOverrides;

/** Starts the chat service: its database, event plumbing and HTTP API. */
export function startChatService(
  config: Readonly<ChatConfig>,
  overrides: ChatOverrides = {},
): Promise<RunningService<ChatConfig>> {
  return startServiceRuntime({
    name: 'chat',
    config,
    subscriptions,
    routes: () => undefined,
    ...overrides,
  });
}
