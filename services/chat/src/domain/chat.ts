import { randomUUID } from 'node:crypto';
import { compareAndSet, CONFLICT, domainEvent } from '@swapbooth/event-bus';
import { proposalDetailsLocked } from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import {
  assertParty,
  conversationIdOf,
  messageContent,
  otherParty,
  presentMessage,
  unreadOf,
  type ChatMessage,
  type Conversation,
} from './conversation';
import type {
  ConversationRepository,
  Entitlements,
  LivePush,
  MemberBlocks,
  MessageRepository,
  SendLimiter,
  StoreStatuses,
} from './ports';

/** A conversation as its party sees it. */
export interface ConversationView {
  conversation: Conversation;
  viewerId: string;
  otherUserId: string;
  unread: number;
  /**
   * No one writes while a store in it is suspended. A block is not shown here (that would tell
   * the blocked member); a message between them is refused when sent.
   */
  readOnly: boolean;
  /** SPEC §6: the receiver without a subscription sees neither the sender nor the messages. */
  locked: boolean;
}

/** What a locked party is told when asking for the messages or writing (403). */
export const subscriptionRequired = () =>
  new AppError(
    'subscription_required',
    'A subscription is required to see and answer the details of this proposal',
  );

/** The chat use cases: every one of them checks that the caller is a party. */
export class Chat {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly stores: StoreStatuses,
    private readonly entitlements: Entitlements,
    private readonly limiter: SendLimiter,
    private readonly live: LivePush,
    private readonly maxContent: number,
    private readonly blocks: Pick<MemberBlocks, 'blockedEitherWay'>,
  ) {}

  /** The conversation of a proposal (404 before the proposal's creation has reached chat). */
  async byProposal(proposalId: string, userId: string): Promise<ConversationView> {
    return this.byId(conversationIdOf(proposalId), userId);
  }

  async byId(conversationId: string, userId: string): Promise<ConversationView> {
    const c = await this.conversations.byId(conversationId);
    if (!c) throw AppError.notFound('Conversation not found');
    return this.view(assertParty(c, userId), userId);
  }

  /** The caller's conversations, the most recently active first. */
  async forUser(userId: string): Promise<ConversationView[]> {
    const list = await this.conversations.forUser(userId);
    list.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
    const subscribed = this.entitlements.isSubscribed(userId);
    return Promise.all(list.map((c) => this.view(c, userId, subscribed)));
  }

  async messagesAfter(
    conversationId: string,
    userId: string,
    since: Date | undefined,
    limit: number,
  ): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    if ((await this.byId(conversationId, userId)).locked) throw subscriptionRequired();
    const page = await this.messages.after(conversationId, since, limit + 1);
    return { messages: page.slice(0, limit), hasMore: page.length > limit };
  }

  async latestMessages(
    conversationId: string,
    limit: number,
  ): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    const page = await this.messages.latest(conversationId, limit + 1);
    return { messages: page.slice(-limit), hasMore: page.length > limit };
  }

  /** Sends a message: parties only, not while a store in it is suspended, at most N per window. */
  async send(conversationId: string, userId: string, rawContent: unknown): Promise<ChatMessage> {
    const content = messageContent(rawContent, this.maxContent);
    const first = await this.byId(conversationId, userId);
    if (first.locked) throw subscriptionRequired();
    // The same words whoever blocked whom: nothing tells the blocked member why.
    if (
      await this.blocks.blockedEitherWay(first.conversation.senderId, first.conversation.receiverId)
    )
      throw AppError.forbidden('You cannot send messages in this conversation');
    if (first.readOnly)
      throw AppError.forbidden('This conversation is read-only while a store in it is suspended');
    const wait = await this.limiter.take(userId);
    if (wait > 0)
      throw AppError.rateLimited('You are sending messages too quickly; wait a moment', wait);

    let recipientUnread = 1;
    // The first attempt uses the conversation just read; only a lost race reads it again.
    let known: Conversation | null = first.conversation;
    const message = await compareAndSet<ChatMessage>(
      async () => {
        const c = known ?? (await this.conversations.byId(conversationId))!;
        known = null;
        // Strictly increasing times within a conversation, so "messages since" never skips one.
        const last = c.lastMessage?.createdAt.getTime() ?? 0;
        const m: ChatMessage = {
          id: randomUUID(),
          conversationId,
          proposalId: c.proposalId,
          senderId: userId,
          content,
          createdAt: new Date(Math.max(Date.now(), last + 1)),
        };
        if (!(await this.conversations.recordMessage(c, m))) return CONFLICT;
        recipientUnread = unreadOf(c, otherParty(c, userId)) + 1;
        return m;
      },
      { exhausted: () => AppError.conflict('The conversation is busy; try again') },
    );
    const recipientId = otherParty(first.conversation, userId);
    await this.messages.insert(message, [
      domainEvent('chat.message-sent', conversationId, {
        messageId: message.id,
        conversationId,
        proposalId: message.proposalId,
        senderId: userId,
        recipientId,
        sentAt: message.createdAt.toISOString(),
      }),
    ]);
    const shown = presentMessage(message);
    // A receiver who may not read the messages hears of them only through the gated notification.
    if (!(await this.lockedFor(first.conversation, recipientId))) {
      await this.live.push([recipientId], 'chat.message', {
        message: shown,
        unread_count: recipientUnread,
      });
    }
    await this.live.push([userId], 'chat.message', { message: shown, unread_count: 0 });
    return message;
  }

  /** Marks the conversation read for the caller. */
  async markRead(conversationId: string, userId: string): Promise<void> {
    await compareAndSet(
      async () => {
        const c = await this.conversations.byId(conversationId);
        if (!c) throw AppError.notFound('Conversation not found');
        assertParty(c, userId);
        if (unreadOf(c, userId) === 0) return true;
        return (await this.conversations.markRead(c, userId)) ? true : CONFLICT;
      },
      { exhausted: () => AppError.conflict('The conversation is busy; try again') },
    );
    await this.live.push([userId], 'chat.read', { conversation_id: conversationId });
  }

  private async lockedFor(
    c: Conversation,
    userId: string,
    subscribed?: Promise<boolean>,
  ): Promise<boolean> {
    // Only the receiver of a proposal never accepted needs the subscription looked up.
    if (!proposalDetailsLocked(c, userId, false)) return false;
    return proposalDetailsLocked(
      c,
      userId,
      await (subscribed ?? this.entitlements.isSubscribed(userId)),
    );
  }

  private async view(
    c: Conversation,
    userId: string,
    subscribed?: Promise<boolean>,
  ): Promise<ConversationView> {
    const [readOnly, locked] = await Promise.all([
      this.stores.anySuspended([c.senderId, c.receiverId]),
      this.lockedFor(c, userId, subscribed),
    ]);
    return {
      conversation: c,
      viewerId: userId,
      otherUserId: otherParty(c, userId),
      unread: unreadOf(c, userId),
      readOnly,
      locked,
    };
  }
}
