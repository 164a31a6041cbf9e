import { z } from 'zod';
import type { EndpointContracts } from './common';

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
  /** Both parties; only the caller while the details are locked. */
  participants: z.array(z.string()),
  /** Null while the details are locked (SPEC §6: a receiver without a subscription). */
  other_user_id: z.string().nullable(),
  /** The receiver's listings asked for, and the sender's listings offered. */
  product_ids: z.array(z.string()),
  offered_product_ids: z.array(z.string()),
  last_message: chatMessageResponse.nullable(),
  unread_count: z.number().int().nonnegative(),
  /** True while a store in the conversation is suspended: it can be read, not written to. */
  read_only: z.boolean(),
  /**
   * True for the receiver of a proposal never accepted, without a subscription: no other party,
   * no offered listings, no messages, and writing answers 403 `subscription_required`.
   */
  details_locked: z.boolean(),
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

// The chat routes' requests, as they parse them.

/** Path ids: bounded, printable, no slashes. */
export const chatIdParam = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(160)
    .regex(/^[^/\s]+$/, 'is not a valid id'),
});

export const chatUserIdQuery = z.object({ userId: z.string().max(160).optional() });

export const chatMessagesQuery = z.object({
  userId: z.string().max(160).optional(),
  since: z
    .string()
    .optional()
    .refine((s) => s === undefined || s === '' || !Number.isNaN(Date.parse(s)), 'is not a date'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `content` is checked by the use case (trimmed, 1–2,000 characters) so the message names it. */
export const chatSendBody = z.object({
  userId: z.string().max(160).optional(),
  content: z.unknown(),
});

export const chatReadBody = z.object({ userId: z.string().max(160).optional() }).optional();

/** Every chat endpoint with the `data` it answers. */
export const chatEndpoints = {
  'GET /api/chat/proposal/{id}': {
    data: proposalChatResponse,
    params: chatIdParam,
    query: chatUserIdQuery,
    summary: 'A proposal’s conversation with its first messages',
  },
  'POST /api/chat/proposal/{id}/message': {
    data: chatMessageResponse,
    status: 201,
    params: chatIdParam,
    body: chatSendBody,
    summary: 'Send a message',
  },
  'GET /api/chat/conversations/{id}/messages': {
    data: chatMessagesPage,
    params: chatIdParam,
    query: chatMessagesQuery,
    summary: 'Messages after a time',
  },
  'GET /api/chat/user/{id}/chats': {
    data: z.array(conversationResponse),
    params: chatIdParam,
    summary: 'The caller’s conversations',
  },
  'PUT /api/chat/chat/{id}/read': {
    data: z.strictObject({ conversation_id: z.string(), unread_count: z.literal(0) }),
    params: chatIdParam,
    body: chatReadBody,
    summary: 'Mark a conversation read',
  },
  'GET /api/chat/conversation/{id}': {
    data: conversationResponse,
    params: chatIdParam,
    query: chatUserIdQuery,
    summary: 'A conversation',
  },
} satisfies EndpointContracts;
