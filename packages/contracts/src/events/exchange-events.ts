import { z } from 'zod';

const proposalFacts = z.object({
  proposalId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  productIds: z.array(z.string()),
  offeredProductIds: z.array(z.string()),
});

export const exchangeEvents = {
  'proposal.created': proposalFacts,
  'proposal.countered': proposalFacts.extend({ counteredBy: z.string() }),
  'proposal.accepted': proposalFacts,
  'proposal.rejected': proposalFacts,
  'proposal.cancelled': proposalFacts,
  'proposal.completed': proposalFacts,
  'proposal.shipping-updated': z.object({
    proposalId: z.string(),
    userId: z.string(),
    type: z.enum(['sender', 'receiver']),
    status: z.string(),
  }),
  'rating.created': z.object({
    ratingId: z.string(),
    proposalId: z.string(),
    raterId: z.string(),
    ratedUserId: z.string(),
    ratingValue: z.number().min(1).max(5),
    averageRating: z.number(),
    ratingCount: z.number().int(),
  }),
} as const;

export const chatEvents = {
  'chat.message-sent': z.object({
    messageId: z.string(),
    conversationId: z.string(),
    proposalId: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
    preview: z.string(),
  }),
} as const;

export const paymentEvents = {
  'subscription.changed': z.object({
    userId: z.string(),
    customerId: z.string(),
    subscriptionId: z.string(),
    status: z.string(),
  }),
  'identity.verified': z.object({ userId: z.string(), verified: z.boolean() }),
} as const;

export const adminEvents = {
  'admin.action-taken': z.object({
    adminId: z.string(),
    action: z.string(),
    targetType: z.enum(['user', 'product', 'subscription', 'booth']),
    targetId: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
} as const;
