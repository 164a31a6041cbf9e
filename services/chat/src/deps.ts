import type { ServiceContext } from '@swapbooth/runtime';
import { CHAT_MESSAGE_MAX } from '@swapbooth/contracts';
import { RealtimePublisher, RedisWindowLimiter } from '@swapbooth/service-kit';
import type { ChatConfig } from './config';
import { ConversationsRepository } from './data/conversations/conversations.repository';
import { MessagesRepository } from './data/messages/messages.repository';
import { StoreStatusesRepository } from './data/booths/store-statuses.repository';
import { EntitlementsRepository } from './data/entitlements/entitlements.repository';
import { MemberBlocksRepository } from './data/member-blocks/member-blocks.repository';
import { Chat } from './domain/chat';
import { DisputeWindowsRepository } from './data/disputes/dispute-windows.repository';

/** Everything the chat service's routes and handlers use, wired once. */
export function buildDeps(ctx: ServiceContext<ChatConfig>) {
  const conversations = new ConversationsRepository(ctx.conn);
  const stores = new StoreStatusesRepository(ctx.conn);
  const entitlements = new EntitlementsRepository(ctx.conn);
  const blocks = new MemberBlocksRepository(ctx.conn);
  const messages = new MessagesRepository(ctx.conn, ctx.eventsWritten);
  const chat = new Chat(
    conversations,
    messages,
    stores,
    entitlements,
    new RedisWindowLimiter(
      ctx.redis,
      'chat-sends',
      ctx.config.CHAT_RATE_LIMIT,
      ctx.config.CHAT_RATE_WINDOW_SECONDS,
    ),
    new RealtimePublisher(ctx.redis),
    CHAT_MESSAGE_MAX,
    blocks,
  );
  /** An exchange's chat for an admin, while a dispute about it is open. */
  const transcripts = { windows: new DisputeWindowsRepository(ctx.conn), messages };
  return { conversations, stores, entitlements, blocks, chat, transcripts };
}

export type ChatDeps = ReturnType<typeof buildDeps>;
