import { z } from 'zod';

/**
 * A dispute about one accepted exchange (a proposal; in a trade circle, one edge of it). Its
 * events travel on the proposal topic, keyed by the dispute's id; each names both parties, so
 * notification and chat react without calling exchange back. Details (the description, photos,
 * statements) never travel: only the parties and an admin with the disputes area read them. The
 * photos' storage keys do, on the opening, so catalog (which keeps them privately) knows who may
 * read them; a key alone reads nothing.
 */
const disputeFacts = z.object({
  disputeId: z.string(),
  proposalId: z.string(),
  /** The party who reported the problem, and the other party, who is asked to answer. */
  openedBy: z.string(),
  respondentId: z.string(),
  reason: z.string(),
  status: z.string(),
  /** The trade circle the exchange is one edge of: its other members hear a problem is handled. */
  circleId: z.string().optional(),
  /** The circle's other members (absent outside a circle). */
  circleMemberIds: z.array(z.string()).optional(),
  actorId: z.string().optional(),
});

export const disputeEvents = {
  /** A party reported a problem: the exchange is disputed until the dispute closes. */
  'dispute.opened': disputeFacts.extend({
    answerDueAt: z.string(),
    /** The private photos' keys (absent without photos). */
    photoKeys: z.array(z.string()).optional(),
  }),
  /** The respondent answered with a remedy the opener may agree to (or take to Swapbooth). */
  'dispute.answered': disputeFacts.extend({ answer: z.string() }),
  /** The dispute went to the admin queue: contested, asked for, or not answered in time. */
  'dispute.escalated': disputeFacts.extend({
    cause: z.enum(['contested', 'requested', 'no-answer']),
  }),
  /**
   * The dispute closed, by agreement or by an admin: `outcome` says what became of the exchange
   * (completed, or cancelled with the listings released), `favouring` the party it was resolved
   * for, `sanction` a warning or suspension of a member, `note` the admin's words to both.
   */
  'dispute.resolved': disputeFacts.extend({
    outcome: z.enum(['completed', 'cancelled', 'both_return']),
    closedBy: z.enum(['agreement', 'admin']),
    favouring: z.string().optional(),
    note: z.string().optional(),
    sanction: z.object({ userId: z.string(), kind: z.enum(['warning', 'suspension']) }).optional(),
  }),
} as const;
