import { AppError } from '@swapbooth/service-kit';

/** One conversation per proposal, between its two parties only. */
export interface Conversation {
  id: string;
  proposalId: string;
  senderId: string;
  receiverId: string;
  /** The receiver's listings asked for and the sender's offered, as the proposal last stated them. */
  productIds: string[];
  offeredProductIds: string[];
  /** Whether the proposal was ever accepted: from then on its receiver sees it whole (SPEC §6). */
  accepted: boolean;
  lastMessage: ChatMessage | null;
  senderUnread: number;
  receiverUnread: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface ChatMessage {
  id: string;
  conversationId: string;
  proposalId: string;
  senderId: string;
  content: string;
  createdAt: Date;
}

/** A conversation's id is derived from its proposal's: one per proposal, found without a query. */
export const conversationIdOf = (proposalId: string): string => `conv_${proposalId}`;

export const isParty = (c: Conversation, userId: string): boolean =>
  c.senderId === userId || c.receiverId === userId;

/** The conversation, if the caller is one of its two parties; 403 otherwise. */
export function assertParty(c: Conversation, userId: string): Conversation {
  if (!isParty(c, userId)) throw AppError.forbidden('You are not part of this conversation');
  return c;
}

export const otherParty = (c: Conversation, userId: string): string =>
  c.senderId === userId ? c.receiverId : c.senderId;

export const unreadOf = (c: Conversation, userId: string): number =>
  c.senderId === userId ? c.senderUnread : c.receiverId === userId ? c.receiverUnread : 0;

/** Message text: trimmed, 1–2,000 characters, stored and shown as plain text. */
export function messageContent(raw: unknown, max: number): string {
  if (typeof raw !== 'string') throw AppError.invalid('content: is required', 'content');
  const content = raw.trim();
  if (content.length === 0) throw AppError.invalid('content: must not be empty', 'content');
  if (content.length > max)
    throw AppError.invalid(`content: must be at most ${max} characters`, 'content');
  return content;
}

/** A message in the shape the API and the live stream answer with. */
export const presentMessage = (m: ChatMessage) => ({
  message_id: m.id,
  conversation_id: m.conversationId,
  proposal_id: m.proposalId,
  sender_id: m.senderId,
  content: m.content,
  created_at: m.createdAt.toISOString(),
});
