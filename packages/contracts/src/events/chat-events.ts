import { z } from 'zod';

/** What the chat service publishes (topic `chat`). */
export const chatEvents = {
  /** Ids only: message content stays in the chat service and never travels on the bus. */
  'chat.message-sent': z.object({
    messageId: z.string(),
    conversationId: z.string(),
    proposalId: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
    /** Deprecated and never sent: content must not travel. Kept optional for older events. */
    preview: z.string().optional(),
    sentAt: z.string().optional(),
  }),
} as const;
