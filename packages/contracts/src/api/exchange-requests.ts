import { z } from 'zod';
import { proposalStatuses, shippingStatuses } from './exchange-statuses';

/**
 * The exchange routes' requests (proposals and ratings), as they parse them: the schemas the
 * routes import and the OpenAPI document describes.
 */

/** The bounds of a proposal's terms (SPEC §5); the exchange domain enforces the same numbers. */
export const proposalLimits = { listingsPerSide: 10, messageLength: 1000, money: 10_000 } as const;

/** How many of a member's newest ratings one call may list. */
export const RECENT_RATINGS_LISTED = 50;

/** Path ids: bounded, printable, no slashes. */
export const exchangeIdParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');

/** Body fields are accepted in snake_case and camelCase; camelCase wins when both are sent. */
const aliases: Record<string, string> = {
  user_id: 'userId',
  receiver_id: 'receiverId',
  requested_product_ids: 'requestedProductIds',
  offered_product_ids: 'offeredProductIds',
  depositAmount: 'deposit_amount',
  senderShippingContribution: 'sender_shipping_contribution',
  receiverShippingContribution: 'receiver_shipping_contribution',
  tracking_note: 'trackingNote',
};

const normalized = (body: unknown): unknown => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [from, to] of Object.entries(aliases)) {
    if (out[from] !== undefined && out[to] === undefined) out[to] = out[from];
    delete out[from];
  }
  return out;
};

/**
 * Money: a number (or numeric text) from 0 to 10,000 with at most two decimals; 0 when missing
 * (SPEC §5).
 */
const money = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'must be a number' })
    .finite('must be a number')
    .min(0, 'must be 0 or more')
    .max(proposalLimits.money, `must be at most ${proposalLimits.money.toLocaleString('en-US')}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must have at most two decimals')
    .transform((n) => Math.round(n * 100) / 100),
);

const listingIds = (max: number) =>
  z
    .array(exchangeIdParam, { error: 'must be a list of listing ids' })
    .max(max, `at most ${max} listings`);

const terms = {
  requestedProductIds: listingIds(proposalLimits.listingsPerSide).min(
    1,
    'ask for at least one listing',
  ),
  offeredProductIds: listingIds(proposalLimits.listingsPerSide).default([]),
  message: z
    .string({ error: 'must be text' })
    .trim()
    .max(proposalLimits.messageLength, `must be at most ${proposalLimits.messageLength} characters`)
    .default(''),
  deposit_amount: money,
  sender_shipping_contribution: money,
  receiver_shipping_contribution: money,
};

const optionalUserId = z.string().optional();

export const createProposalBody = z.preprocess(
  normalized,
  z.object({ userId: optionalUserId, receiverId: exchangeIdParam, ...terms }),
);
export type CreateProposalBody = z.infer<typeof createProposalBody>;

export const counterProposalBody = z.preprocess(
  normalized,
  z.object({ userId: optionalUserId, ...terms }),
);
export type CounterBody = z.infer<typeof counterProposalBody>;

/** The moves the status call makes; `accept`, `reject`, `cancel` are understood too. */
const statusWords: Record<string, string> = {
  accept: 'accepted',
  reject: 'rejected',
  cancel: 'cancelled',
  canceled: 'cancelled',
};
export const proposalStatusBody = z.preprocess(
  normalized,
  z.object({
    userId: optionalUserId,
    status: z.preprocess(
      (v) =>
        typeof v === 'string' ? (statusWords[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v,
      z.enum(['accepted', 'rejected', 'cancelled'], {
        error: 'must be accepted, rejected or cancelled',
      }),
    ),
  }),
);

export const shippingStatusBody = z.preprocess(
  normalized,
  z.object({
    userId: optionalUserId,
    type: z.enum(['sender', 'receiver'], { error: "must be 'sender' or 'receiver'" }),
    status: z.enum(shippingStatuses, { error: 'must be preparing, shipped or delivered' }),
    trackingNote: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  }),
);

/** "Everything is OK" on an accepted exchange: the caller's parcels arrived as agreed. */
export const confirmProposalBody = z.preprocess(
  (b) => normalized(b ?? {}),
  z.object({ userId: optionalUserId }),
);

/**
 * Extends the other party's shipping deadline once it passed. `type` names the late parcel
 * ('sender' or 'receiver'); it defaults to the one the caller receives.
 */
export const extendDeadlineBody = z.preprocess(
  (b) => normalized(b ?? {}),
  z.object({
    userId: optionalUserId,
    type: z.enum(['sender', 'receiver'], { error: "must be 'sender' or 'receiver'" }).optional(),
  }),
);

const statusList = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  )
  .pipe(
    z.array(z.enum(proposalStatuses, { error: `must be among ${proposalStatuses.join(', ')}` })),
  );

export const memberProposalsQuery = z.object({
  role: z.enum(['sent', 'received'], { error: "must be 'sent' or 'received'" }).optional(),
  status: statusList,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Ids in paths and bodies: bounded, printable, no slashes. */
export const ratingIdParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');

/** Either spelling of a field (snake_case as SPEC §7 names it, or camelCase). */
const either = (b: Record<string, unknown>, snake: string, camel: string): unknown =>
  b[snake] ?? b[camel];

/**
 * POST /api/rating. `rater_id` may be left out (the rater is the caller); `rating_value` and
 * `comment` are checked by the domain rules (1–5 in halves; at most 1,000 characters once trimmed).
 */
export const createRatingBody = z.preprocess(
  (raw) => {
    const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    return {
      proposal_id: either(b, 'proposal_id', 'proposalId'),
      rater_id: either(b, 'rater_id', 'raterId'),
      rated_user_id: either(b, 'rated_user_id', 'ratedUserId'),
      rating_value: either(b, 'rating_value', 'ratingValue'),
      comment: b.comment,
    };
  },
  z.object({
    proposal_id: ratingIdParam,
    rater_id: z.string().max(128).optional(),
    rated_user_id: ratingIdParam,
    rating_value: z.number({ error: 'must be a number from 1 to 5 in steps of 0.5' }),
    // Bounded before trimming; the 1,000-character rule applies to the trimmed text.
    comment: z
      .string({ error: 'must be text' })
      .max(10_000, 'must be at most 1000 characters')
      .nullish()
      .transform((c) => c ?? ''),
  }),
);
export type CreateRatingBody = z.infer<typeof createRatingBody>;

/** PUT /api/rating/{id}: its rater changes a rating while it is still hidden. */
export const changeRatingBody = z.preprocess(
  (raw) => {
    const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    return { rating_value: either(b, 'rating_value', 'ratingValue'), comment: b.comment };
  },
  z.object({
    rating_value: z.number({ error: 'must be a number from 1 to 5 in steps of 0.5' }),
    comment: z
      .string({ error: 'must be text' })
      .max(10_000, 'must be at most 1000 characters')
      .nullish()
      .transform((c) => c ?? ''),
  }),
);
export type ChangeRatingBody = z.infer<typeof changeRatingBody>;

/** POST /api/rating/{id}/answer: the member rated answers, once, publicly (1–1,000 characters). */
export const answerRatingBody = z.object({
  comment: z.string({ error: 'must be text' }).max(10_000, 'must be at most 1000 characters'),
});
export type AnswerRatingBody = z.infer<typeof answerRatingBody>;

/** DELETE /internal/ratings/{id} (admin service, reports permission): why it breaks the rules. */
export const removeRatingBody = z.object({
  reason: z.string({ error: 'must be text' }).trim().min(1, 'is required').max(500),
});
export type RemoveRatingBody = z.infer<typeof removeRatingBody>;

/**
 * `limit`: how many of the newest ratings to list, 20 by default, at most RECENT_RATINGS_LISTED (each
 * listed rating costs a lookup of its rater's name and picture).
 */
export const userRatingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_RATINGS_LISTED).default(20),
});
