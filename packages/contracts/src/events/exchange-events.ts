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

/**
 * A step of an accepted exchange's clocks: the parcel it is about (`side`, absent
 * for the whole exchange) and the due time it sets or that passed (ISO).
 */
const tradeClockFacts = proposalFacts.extend({
  side: z.enum(['sender', 'receiver']).optional(),
  dueAt: z.string(),
});

export const exchangeEvents = {
  'proposal.created': proposalFacts,
  'proposal.countered': proposalFacts.extend({ counteredBy: z.string() }),
  'proposal.accepted': proposalFacts,
  'proposal.rejected': proposalFacts,
  /** `previousStatus` tells whether reserved listings are released (it was `accepted`). */
  'proposal.cancelled': proposalFacts.extend({
    previousStatus: z.string().optional(),
    /** 'ship-overdue': cancelled by a party whose partner did not ship by the deadline. */
    reason: z.string().optional(),
  }),
  'proposal.expired': proposalFacts,
  /** A listing in it was reserved by another accepted exchange (or left the catalog). */
  'proposal.unavailable': proposalFacts.extend({
    unavailableProductIds: z.array(z.string()),
    causedByProposalId: z.string().optional(),
  }),
  /** `automatic`: the report window closed with no problem reported (no party pressed OK). */
  'proposal.completed': proposalFacts.extend({ automatic: z.boolean().optional() }),
  /** Half of the shipping period passed and `side`'s parcel is not shipped: its shipper is reminded. */
  'proposal.ship-reminder': tradeClockFacts,
  /** `side`'s parcel was not shipped by `dueAt`: the other party may cancel or extend once. */
  'proposal.ship-overdue': tradeClockFacts,
  /** The other party gave `side`'s shipper until `dueAt` (once). */
  'proposal.ship-extended': tradeClockFacts,
  /** `side`'s parcel, shipped long enough ago, counts as delivered (its receiver did not say). */
  'proposal.delivery-assumed': tradeClockFacts,
  /** Every parcel is delivered: the exchange completes at `dueAt` unless a problem is reported. */
  'proposal.report-window-opened': tradeClockFacts,
  'proposal.shipping-updated': proposalFacts.partial().extend({
    proposalId: z.string(),
    userId: z.string(),
    type: z.enum(['sender', 'receiver']),
    status: z.string(),
    trackingNote: z.string().optional(),
  }),
  /**
   * A rating is shown and counted. `summaryVersion` (added later, absent from older events) is the
   * rated member's summary version after it: it orders rating.created and rating.removed (the
   * count alone does not, since a removal lowers it).
   */
  'rating.created': z.object({
    ratingId: z.string(),
    proposalId: z.string(),
    raterId: z.string(),
    ratedUserId: z.string(),
    ratingValue: z.number().min(1).max(5),
    averageRating: z.number(),
    ratingCount: z.number().int(),
    summaryVersion: z.number().int().positive().optional(),
  }),
  /**
   * An admin removed a shown rating that broke the rules: the rated member's average and count
   * without it, at summary version `summaryVersion` (ordered with rating.created by it).
   */
  'rating.removed': z.object({
    ratingId: z.string(),
    proposalId: z.string(),
    raterId: z.string(),
    ratedUserId: z.string(),
    averageRating: z.number(),
    ratingCount: z.number().int(),
    summaryVersion: z.number().int().positive(),
  }),
} as const;
