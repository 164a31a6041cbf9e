import type { DomainEvent } from '@swapbooth/event-bus';
import type { ChatMessage, Conversation } from './conversation';

export interface ConversationRepository {
  /** Creates the conversation of a proposal; a second call for the same proposal changes nothing. */
  openForProposal(input: {
    proposalId: string;
    senderId: string;
    receiverId: string;
    productIds: string[];
    offeredProductIds: string[];
    /** An exchange that begins accepted: the conversation is created accepted, in the same write. */
    acceptedAt?: Date;
  }): Promise<void>;
  /** Notes that the proposal was accepted (it opens to a receiver without a subscription). */
  markAccepted(proposalId: string): Promise<void>;
  /** Updates the listings a proposal's terms name (counter-offers). */
  updateTerms(proposalId: string, productIds: string[], offeredProductIds: string[]): Promise<void>;
  byId(id: string): Promise<Conversation | null>;
  forUser(userId: string): Promise<Conversation[]>;
  /**
   * Records a sent message on the conversation (last message, the other party's unread count)
   * if it is still at `version`; false when someone else wrote it first.
   */
  recordMessage(c: Conversation, message: ChatMessage): Promise<boolean>;
  /** Sets a party's unread count to zero. */
  markRead(c: Conversation, userId: string): Promise<boolean>;
}

export interface MessageRepository {
  /** Stores a message with the events it raises, in one write. */
  insert(message: ChatMessage, events: DomainEvent[]): Promise<void>;
  /** Messages of a conversation after an instant (exclusive), oldest first. */
  after(conversationId: string, since: Date | undefined, limit: number): Promise<ChatMessage[]>;
  /** The latest messages, oldest first. */
  latest(conversationId: string, limit: number): Promise<ChatMessage[]>;
}

/** Whether a member's store is suspended (projected from catalog's booth events). */
export interface StoreStatuses {
  anySuspended(userIds: string[]): Promise<boolean>;
  record(userId: string, status: string, version: number): Promise<void>;
}

/** Blocks between members as auth last reported them; a block counts both ways. */
export interface MemberBlocks {
  blockedEitherWay(a: string, b: string): Promise<boolean>;
  /** Keeps the newest change of the pair: an older version changes nothing. */
  record(blockerId: string, blockedId: string, active: boolean, version: number): Promise<void>;
}

/** Members' subscriptions as payment last reported them (from `subscription.changed`). */
export interface Entitlements {
  isSubscribed(userId: string): Promise<boolean>;
  /** Keeps the newest report: one older than what is stored changes nothing. */
  record(userId: string, status: string, at: Date): Promise<void>;
}

/** Counts a member's sends; answers how long to wait when over the limit. */
export type { RateLimiter as SendLimiter } from '@swapbooth/service-kit';

/** Pushes live updates to members' open streams. */
export interface LivePush {
  push(userIds: readonly string[], type: string, data: unknown): Promise<unknown>;
}
