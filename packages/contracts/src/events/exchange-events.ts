import { z } from 'zod';

/**
 * What every proposal event carries: both parties and every listing in the current terms, so
 * notification, catalog, search and admin react without calling exchange back. `productIds` are the
 * receiver's listings (requested), `offeredProductIds` the sender's. `actorId` is who caused the
 * change (absent for the service's own moves: expiry, unavailability); `roundCount` and `status`
 * were added later and are optional for older events.
 */
const proposalFacts = z.object({
  proposalId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  productIds: z.array(z.string()),
  offeredProductIds: z.array(z.string()),
  actorId: z.string().optional(),
  roundCount: z.number().int().positive().optional(),
  status: z.string().optional(),
  /** The trade circle the exchange is one edge of (its members hear of it through circle.*). */
  circleId: z.string().optional(),
});

export const exchangeEvents = {
  'proposal.created': proposalFacts,
  'proposal.countered': proposalFacts.extend({ counteredBy: z.string() }),
  'proposal.accepted': proposalFacts,
  'proposal.rejected': proposalFacts,
  /** `previousStatus` tells whether reserved listings are released (it was `accepted`). */
  'proposal.cancelled': proposalFacts.extend({ previousStatus: z.string().optional() }),
  'proposal.expired': proposalFacts,
  /** A listing in it was reserved by another accepted exchange (or left the catalog). */
  'proposal.unavailable': proposalFacts.extend({
    unavailableProductIds: z.array(z.string()),
    causedByProposalId: z.string().optional(),
  }),
  'proposal.completed': proposalFacts,
  'proposal.shipping-updated': proposalFacts.partial().extend({
    proposalId: z.string(),
    userId: z.string(),
    type: z.enum(['sender', 'receiver']),
    status: z.string(),
    trackingNote: z.string().optional(),
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

export const paymentEvents = {
  /**
   * A member's subscription state as payment last confirmed it (webhook-confirmed). Entitlement is
   * `status` active or trialing. Keyed by the user id.
   */
  'subscription.changed': z.object({
    userId: z.string(),
    status: z.string(),
    currentPeriodEnd: z.string().nullable().optional(),
    customerId: z.string().optional(),
    subscriptionId: z.string().optional(),
  }),
  'identity.verified': z.object({ userId: z.string(), verified: z.boolean() }),
} as const;

export const adminEvents = {
  'admin.action-taken': z.object({
    adminId: z.string(),
    action: z.string(),
    targetType: z.enum(['user', 'product', 'subscription', 'booth', 'report']),
    targetId: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
  /**
   * An executive asked for an admin's one-time password-reset link; notification e-mails it. It
   * carries the secret the e-mail delivers, as auth's reset requests do.
   */
  'admin.password-reset-requested': z.object({
    adminId: z.string(),
    email: z.string(),
    resetUrl: z.string(),
    expiresAt: z.string(),
  }),
} as const;
