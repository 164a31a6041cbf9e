import { z } from 'zod';

/** One chat message as the chat endpoints answer with it. Content is plain text, never HTML. */
export const chatMessageResponse = z.strictObject({
  message_id: z.string(),
  conversation_id: z.string(),
  proposal_id: z.string(),
  sender_id: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export type ChatMessageResponse = z.infer<typeof chatMessageResponse>;

/** One conversation (one per proposal, between its two parties) as the caller sees it. */
export const conversationResponse = z.strictObject({
  conversation_id: z.string(),
  proposal_id: z.string(),
  participants: z.array(z.string()),
  other_user_id: z.string(),
  /** The receiver's listings asked for, and the sender's listings offered. */
  product_ids: z.array(z.string()),
  offered_product_ids: z.array(z.string()),
  last_message: chatMessageResponse.nullable(),
  unread_count: z.number().int().nonnegative(),
  /** True while a store in the conversation is suspended: it can be read, not written to. */
  read_only: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConversationResponse = z.infer<typeof conversationResponse>;

/** GET /api/chat/conversations/{id}/messages: messages after `since`, oldest first. */
export const chatMessagesPage = z.strictObject({
  messages: z.array(chatMessageResponse),
  has_more: z.boolean(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPage>;

/** GET /api/chat/proposal/{id}: the conversation with its first page of messages. */
export const proposalChatResponse = z.strictObject({
  conversation: conversationResponse,
  messages: z.array(chatMessageResponse),
  has_more: z.boolean(),
});
export type ProposalChatResponse = z.infer<typeof proposalChatResponse>;

/** Longest chat message, in characters after trimming. */
export const CHAT_MESSAGE_MAX = 2000;

/** Realtime event types pushed on GET /api/stream. */
export const streamEventTypes = {
  notification: 'notification',
  unread: 'unread',
  chatMessage: 'chat.message',
  chatRead: 'chat.read',
  proposal: 'proposal',
} as const;
