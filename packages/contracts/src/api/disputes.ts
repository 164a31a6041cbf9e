import { z } from 'zod';
import { pageFacts, type EndpointContracts } from './common';
import { privatePhotoKey } from './catalog-requests';
import { exchangeIdParam } from './exchange-requests';
import { proposalPartyResponse, proposalRoundResponse, parcelResponse } from './exchange';
import { proposalStatus } from './exchange-statuses';

/**
 * Disputes: a party of an accepted exchange reports a problem ("I have a problem"), the other
 * party answers, and an admin with the disputes area steps in when they do not agree. The exchange
 * is `disputed` meanwhile: its clocks stop, ratings wait, its listings stay reserved.
 */

export const disputeReasons = [
  'did_not_arrive',
  'not_as_described',
  'damaged',
  'not_performed',
  'other',
] as const;
export type DisputeReason = (typeof disputeReasons)[number];

/**
 * `open`: waiting for the respondent's answer; `answered`: a remedy waits for the opener's
 * agreement; `escalated`: in the admin queue; `closed`: resolved (by agreement or by an admin).
 */
export const disputeStatuses = ['open', 'answered', 'escalated', 'closed'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/**
 * What a party may do next. The respondent: accept a return, propose a remedy or contest (which
 * takes it to Swapbooth). The opener: agree to the remedy proposed. Either: ask Swapbooth to step in.
 */
export const disputeSteps = [
  'accept_return',
  'propose_remedy',
  'contest',
  'accept_remedy',
  'escalate',
] as const;
export type DisputeStep = (typeof disputeSteps)[number];

/** What becomes of the exchange: it completes, or it is cancelled (both return: likewise). */
export const disputeOutcomes = ['completed', 'cancelled', 'both_return'] as const;
export type DisputeOutcome = (typeof disputeOutcomes)[number];

export const disputeSanctions = ['warning', 'suspension'] as const;

/** Most photos one report may carry. */
export const MAX_DISPUTE_PHOTOS = 5;

const text = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);

/**
 * A photo: the key an upload to the private folder got from POST /api/images/upload-url
 * (`folderType: dispute-photos`), once POST /api/images/publish checked it and re-encoded it
 * without metadata. It is never public: its readers get short-lived URLs from catalog.
 */
const photoKey = privatePhotoKey;

/** POST /api/exchange/proposal/{id}/dispute: "I have a problem". */
export const openDisputeBody = z.strictObject({
  reason: z.enum(disputeReasons, { error: `must be one of ${disputeReasons.join(', ')}` }),
  description: text(2000),
  photos: z
    .array(photoKey)
    .max(MAX_DISPUTE_PHOTOS, `at most ${MAX_DISPUTE_PHOTOS} photos`)
    .default([]),
});

/** POST /api/exchange/proposal/{id}/dispute/steps: an answer, an agreement or "step in". */
export const disputeStepBody = z
  .strictObject({
    step: z.enum(disputeSteps, { error: `must be one of ${disputeSteps.join(', ')}` }),
    message: text(2000).optional(),
  })
  .refine((b) => b.step !== 'propose_remedy' || !!b.message, {
    message: 'is required to propose a remedy',
    path: ['message'],
  });

/** POST /api/admin/disputes/{id}/resolve: the admin's decision, told to both with the note. */
export const resolveDisputeBody = z
  .strictObject({
    outcome: z.enum(disputeOutcomes, { error: `must be one of ${disputeOutcomes.join(', ')}` }),
    /** The party it is resolved for (one of the two), if for one. */
    favouring: exchangeIdParam.optional(),
    note: text(1000),
    sanction: z
      .strictObject({
        user_id: exchangeIdParam,
        kind: z.enum(disputeSanctions, { error: "must be 'warning' or 'suspension'" }),
      })
      .optional(),
  })
  .refine((b) => b.outcome !== 'both_return' || !b.favouring, {
    message: 'both return favours neither party',
    path: ['favouring'],
  });

export const disputesQuery = z.object({
  status: z.enum(disputeStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** One thing said in a dispute, oldest first: the report, answers, agreement, escalation, outcome. */
export const disputeStatementResponse = z.strictObject({
  by: z.string().nullable(),
  kind: z.enum(['report', ...disputeSteps, 'no_answer', 'resolution']),
  text: z.string(),
  at: z.string(),
});

/** A dispute as its parties (and an admin) read it. */
export const disputeResponse = z.strictObject({
  dispute_id: z.string(),
  proposal_id: z.string(),
  opened_by: z.string(),
  respondent_id: z.string(),
  reason: z.enum(disputeReasons),
  description: z.string(),
  /**
   * The photos' keys (private: a party reads them through POST /api/images/private-urls); in the
   * admin's dispute view, short-lived URLs to read them by.
   */
  photos: z.array(z.string()),
  status: z.enum(disputeStatuses),
  statements: z.array(disputeStatementResponse),
  /** The remedy the respondent proposed (waiting for the opener while `answered`). */
  remedy: z.string().nullable(),
  /** When it goes to Swapbooth if the parties have not agreed (null once escalated or closed). */
  answer_due_at: z.string().nullable(),
  escalated_at: z.string().nullable(),
  outcome: z.enum(disputeOutcomes).nullable(),
  closed_by: z.enum(['agreement', 'admin']).nullable(),
  favouring: z.string().nullable(),
  note: z.string().nullable(),
  sanction: z.strictObject({ user_id: z.string(), kind: z.enum(disputeSanctions) }).nullable(),
  /** What the viewer (a party) may do next. */
  allowed_steps: z.array(z.enum(disputeSteps)),
  circle_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type DisputeResponse = z.infer<typeof disputeResponse>;

/** A chat message of the exchange, as an admin reads it inside an open dispute. */
export const transcriptMessageResponse = z.strictObject({
  message_id: z.string(),
  sender_id: z.string(),
  content: z.string(),
  created_at: z.string(),
});

const parcelClocks = z.strictObject({
  ship_by: z.string().nullable(),
  extended: z.boolean(),
  deliver_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
});

/** GET /api/admin/disputes/{id}: the dispute with what an admin decides on. */
export const adminDisputeResponse = z.strictObject({
  dispute: disputeResponse,
  proposal: z.strictObject({
    proposal_id: z.string(),
    status: proposalStatus,
    sender: proposalPartyResponse,
    receiver: proposalPartyResponse,
    /** The agreed terms (the last round), with the listings' titles. */
    terms: proposalRoundResponse,
    listing_titles: z.record(z.string(), z.string()),
    shipping: z.strictObject({ sender: parcelResponse, receiver: parcelResponse }),
    /**
     * Each parcel's clocks as they stood: the shipping deadline (and whether it was extended),
     * when a shipped parcel counted as delivered, when its receiver confirmed it; and when the
     * exchange would have completed by itself.
     */
    clocks: z.strictObject({
      sender: parcelClocks,
      receiver: parcelClocks,
      report_by: z.string().nullable(),
    }),
    accepted_at: z.string().nullable(),
    circle_id: z.string().nullable(),
  }),
  /** The exchange's chat, while the dispute is open (null once it is closed). */
  transcript: z.array(transcriptMessageResponse).nullable(),
  audit_id: z.string().nullable(),
});
export type AdminDisputeResponse = z.infer<typeof adminDisputeResponse>;

export const disputePageResponse = z.strictObject({
  disputes: z.array(disputeResponse),
  totalCount: z.number().int().nonnegative(),
  ...pageFacts,
});
export type DisputePageResponse = z.infer<typeof disputePageResponse>;

const byId = z.object({ id: exchangeIdParam });

export const disputesEndpoints = {
  'POST /api/exchange/proposal/{id}/dispute': {
    data: disputeResponse,
    status: 201,
    params: byId,
    body: openDisputeBody,
    summary: 'Report a problem with an accepted exchange',
  },
  'GET /api/exchange/proposal/{id}/dispute': {
    data: disputeResponse,
    params: byId,
    summary: 'The exchange’s latest dispute, for its parties',
  },
  'POST /api/exchange/proposal/{id}/dispute/steps': {
    data: disputeResponse,
    params: byId,
    body: disputeStepBody,
    summary: 'Answer, agree, or ask Swapbooth to step in',
  },
  'GET /api/admin/disputes': {
    data: disputePageResponse,
    query: disputesQuery,
    summary: 'Disputes (the disputes area)',
  },
  'GET /api/admin/disputes/{id}': {
    data: adminDisputeResponse,
    params: byId,
    summary: 'A dispute with its terms, shipping and chat (audited)',
  },
  'POST /api/admin/disputes/{id}/resolve': {
    data: z.strictObject({ dispute: disputeResponse, audit_id: z.string().nullable() }),
    params: byId,
    body: resolveDisputeBody,
    summary: 'Resolve a dispute (audited; both parties are told)',
  },
} satisfies EndpointContracts;
