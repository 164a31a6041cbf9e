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
