import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { ChatConfig } from './config';
import { buildDeps, type ChatDeps } from './deps';
import { conversationModel } from './data/conversations/conversation.model';
import { messageModel } from './data/messages/message.model';
import { storeStatusModel } from './data/booths/store-status.model';
import { entitlementModel } from './data/entitlements/entitlement.model';
import { memberBlockModel } from './data/member-blocks/member-block.model';
import { subscriptions } from './events/subscriptions';
import { chatRoutes } from './api/chat/chat.routes';
import { transcriptsRoutes } from './api/transcripts/transcripts.routes';
import { disputeWindowModel } from './data/disputes/dispute-window.model';

export type ChatOverrides = RuntimeOverrides;

/** Starts the chat service: its database, event plumbing and HTTP API. */
export function startChatService(
  config: Readonly<ChatConfig>,
  overrides: ChatOverrides = {},
): Promise<RunningService<ChatConfig, ChatDeps>> {
  return startServiceRuntime({
    name: 'chat',
    config,
    models: (conn) => {
      conversationModel(conn);
      storeStatusModel(conn);
      entitlementModel(conn);
      memberBlockModel(conn);
      disputeWindowModel(conn);
      // Messages carry the chat.message-sent events they raise.
      return [messageModel(conn)];
    },
    deps: buildDeps,
    subscriptions,
    routes: (app, deps, ctx) => {
      app.use(chatRoutes(ctx, deps));
      app.use(transcriptsRoutes(ctx, deps));
    },
    ...overrides,
  });
}
