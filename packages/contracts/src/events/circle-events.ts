import { z } from 'zod';

/**
 * One member's part of a trade circle: the listing they give and the listing they receive. Events
 * name only what the circle itself is made of; no member's want list ever travels.
 */
const circleMember = z.object({
  userId: z.string(),
  givesProductId: z.string(),
  receivesProductId: z.string(),
});

/** What every circle event carries, so notification tells each member without calling exchange. */
const circleFacts = z.object({
  circleId: z.string(),
  memberIds: z.array(z.string()),
  size: z.number().int().min(2),
  members: z.array(circleMember),
});

export const circleEvents = {
  /** The matcher found a circle and reserved its listings; every member is asked to answer. */
  'circle.proposed': circleFacts.extend({ expiresAt: z.string() }),
  /** Every member accepted: one linked exchange (proposal) per edge, each already accepted. */
  'circle.accepted': circleFacts.extend({
    exchanges: z.array(
      z.object({
        proposalId: z.string(),
        giverId: z.string(),
        takerId: z.string(),
        productId: z.string(),
      }),
    ),
  }),
  /** Someone declined, the answer window closed or a listing left: reservations released. */
  'circle.dissolved': circleFacts.extend({
    reason: z.enum(['declined', 'expired', 'unavailable']),
    /** Who declined (reason `declined`). */
    actorId: z.string().optional(),
  }),
} as const;
