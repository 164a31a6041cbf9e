import { z } from 'zod';
import { pageFacts, type EndpointContracts } from './common';
import {
  counterProposalBody,
  createProposalBody,
  confirmProposalBody,
  extendDeadlineBody,
  answerRatingBody,
  changeRatingBody,
  createRatingBody,
  exchangeIdParam,
  memberProposalsQuery,
  proposalStatusBody,
  ratingIdParam,
  shippingStatusBody,
  userRatingsQuery,
} from './exchange-requests';
import { proposalStatus, shippingStatus } from './exchange-statuses';

export * from './exchange-statuses';

/**
 * The exchange service's answers (SPEC §3 exchange proposal and rating, §7 exchange and rating).
 *
 * Orientation: a proposal has one sender (who made the first offer) and one receiver (the store
 * owner asked). Its terms keep that orientation through every counter round: `requested_products`
 * are always the receiver's listings, `offered_products` always the sender's; `deposit_amount` is
 * money the sender adds; each side's shipping contribution is named after its party.
 */

/** What the viewer may do next (each maps to a call: status, counter or shipping-status). */
export const proposalActions = [
  'accept',
  'reject',
  'counter',
  'cancel',
  'ship',
  'confirm_delivery',
  /** "Everything is OK": the parcels the viewer receives arrived as agreed (completes early). */
  'confirm',
  /** Give the other party, late with their parcel, more time to ship (once). */
  'extend',
  /** "I have a problem": the viewer may open a dispute (accepted, within its report window). */
  'report_problem',
  'rate',
] as const;
export type ProposalAction = (typeof proposalActions)[number];

/** A listing as the exchange service knows it (its projection of catalog's events). */
export const proposalListingResponse = z.strictObject({
  product_id: z.string(),
  title: z.string(),
  slug: z.string(),
  type: z.enum(['item', 'service']),
  /** Catalog's status of the listing as last heard (published, reserved, traded, ...). */
  status: z.string(),
  owner_id: z.string(),
  /** The cover picture, or null. */
  image_url: z.string().nullable(),
});
export type ProposalListingResponse = z.infer<typeof proposalListingResponse>;

/** A party as the exchange service knows them (from account events); names may be empty. */
export const proposalPartyResponse = z.strictObject({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  profile_image: z.string(),
});
export type ProposalPartyResponse = z.infer<typeof proposalPartyResponse>;

/** One round of terms: the first offer, then each counter. */
export const proposalRoundResponse = z.strictObject({
  round: z.number().int().positive(),
  /** Who made these terms. */
  by: z.string(),
  requested_product_ids: z.array(z.string()),
  offered_product_ids: z.array(z.string()),
  message: z.string(),
  deposit_amount: z.number().nonnegative(),
  sender_shipping_contribution: z.number().nonnegative(),
  receiver_shipping_contribution: z.number().nonnegative(),
  created_at: z.string(),
});
export type ProposalRoundResponse = z.infer<typeof proposalRoundResponse>;

export const parcelResponse = z.strictObject({
  status: shippingStatus,
  /** Free text from the shipping party (carrier, tracking number); empty when none. */
  tracking_note: z.string(),
  updated_at: z.string().nullable(),
});
export type ParcelResponse = z.infer<typeof parcelResponse>;

/** One parcel's clocks in an accepted exchange (null: not running). */
export const parcelDeadlinesResponse = z.strictObject({
  /** When its shipper must have marked it shipped (or a service performed). */
  ship_by: z.string().nullable(),
  /** Whether its deadline was extended (once at most). */
  extended: z.boolean(),
  /** When, once shipped, it counts as delivered unless its receiver says otherwise. */
  counts_delivered_at: z.string().nullable(),
  /** Whether its receiver said "Everything is OK". */
  confirmed: z.boolean(),
});
export type ParcelDeadlinesResponse = z.infer<typeof parcelDeadlinesResponse>;

/**
 * A proposal as one of its parties sees it. With `details_locked` (a receiver without an active or
 * trialing subscription) the sender, the offered listings, the message, the money terms and the
 * rounds' contents are withheld: `sender` is null, `offered_products` and `rounds` are empty,
 * `message` is '' and the money fields are 0.
 */
export const proposalResponse = z.strictObject({
  proposal_id: z.string(),
  status: proposalStatus,
  sender_id: z.string().nullable(),
  receiver_id: z.string(),
  sender: proposalPartyResponse.nullable(),
  receiver: proposalPartyResponse,
  /** The viewer's side: 'sender' or 'receiver'. */
  role: z.enum(['sender', 'receiver']),
  requested_products: z.array(proposalListingResponse),
  offered_products: z.array(proposalListingResponse),
  message: z.string(),
  deposit_amount: z.number().nonnegative(),
  sender_shipping_contribution: z.number().nonnegative(),
  receiver_shipping_contribution: z.number().nonnegative(),
  round_count: z.number().int().positive(),
  rounds: z.array(proposalRoundResponse),
  /** Who made the current terms, and whose answer they wait for (null once not open). */
  terms_by: z.string().nullable(),
  awaiting: z.string().nullable(),
  allowed_actions: z.array(z.enum(proposalActions)),
  details_locked: z.boolean(),
  shipping: z.strictObject({ sender: parcelResponse, receiver: parcelResponse }),
  /** Whether the viewer has rated the other party for this proposal. */
  rated_by_me: z.boolean(),
  /** The accepted exchange's next due time (a reminder, a deadline, a completion), else null. */
  next_deadline: z.string().nullable(),
  /** When it completes by itself unless a party reports a problem (every parcel delivered). */
  auto_complete_at: z.string().nullable(),
  deadlines: z.strictObject({ sender: parcelDeadlinesResponse, receiver: parcelDeadlinesResponse }),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  accepted_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The trade circle this exchange is one edge of (`GET /api/circles/{id}`), else null. */
  circle_id: z.string().nullable(),
});
export type ProposalResponse = z.infer<typeof proposalResponse>;

export const proposalPageResponse = z.strictObject({
  proposals: z.array(proposalResponse),
  totalCount: z.number().int().nonnegative(),
  ...pageFacts,
});
export type ProposalPageResponse = z.infer<typeof proposalPageResponse>;

/** GET /api/exchange/proposal/product/{id}: proposals touching one listing, with counts. */
export const productProposalsResponse = z.strictObject({
  proposals: z.array(proposalResponse),
  counts: z.strictObject({
    total: z.number().int().nonnegative(),
    open: z.number().int().nonnegative(),
    /** Accepted or completed proposals that include this listing. */
    acceptedItems: z.number().int().nonnegative(),
  }),
});
export type ProductProposalsResponse = z.infer<typeof productProposalsResponse>;

export const exchangeStatsResponse = z.strictObject({
  sent: z.number().int().nonnegative(),
  received: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  /** completed / (accepted-or-later), 0..1; 0 when nothing was accepted yet. */
  completion_rate: z.number().min(0).max(1),
});
export type ExchangeStatsResponse = z.infer<typeof exchangeStatsResponse>;

export const ratingResponse = z.strictObject({
  rating_id: z.string(),
  proposal_id: z.string(),
  rater_id: z.string(),
  rated_user_id: z.string(),
  rating_value: z.number().min(1).max(5),
  comment: z.string(),
  rater: proposalPartyResponse,
  created_at: z.string(),
  /**
   * False while the rating is hidden: only its rater sees it, waiting for the other party's. Both
   * ratings of an exchange are shown at once, when both have rated or `visible_at` comes.
   */
  shown: z.boolean().optional(),
  /** When a hidden rating is shown at the latest (null once shown). */
  visible_at: z.string().nullable().optional(),
  /** The rated member's one public answer, shown under the rating. */
  answer: z.strictObject({ comment: z.string(), created_at: z.string() }).nullable().optional(),
});
export type RatingResponse = z.infer<typeof ratingResponse>;

export const userRatingsResponse = z.strictObject({
  ratings: z.array(ratingResponse),
  /** Rounded to one decimal; 0 when there are none. */
  average_rating: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
});
export type UserRatingsResponse = z.infer<typeof userRatingsResponse>;

export const proposalRatingsResponse = z.strictObject({ ratings: z.array(ratingResponse) });
export type ProposalRatingsResponse = z.infer<typeof proposalRatingsResponse>;

const byId = z.object({ id: exchangeIdParam });

/** Every exchange endpoint with the `data` it answers (the source for an OpenAPI document). */
export const exchangeEndpoints = {
  'POST /api/exchange/proposal': {
    data: proposalResponse,
    status: 201,
    body: createProposalBody,
    summary: 'Propose',
  },
  'GET /api/exchange/proposal/{id}': {
    data: proposalResponse,
    params: byId,
    summary: 'A proposal',
  },
  'PUT /api/exchange/proposal/{id}/status': {
    data: proposalResponse,
    params: byId,
    body: proposalStatusBody,
    summary: 'Accept, reject or cancel',
  },
  'POST /api/exchange/proposal/{id}/counter': {
    data: proposalResponse,
    params: byId,
    body: counterProposalBody,
    summary: 'Counter',
  },
  'PUT /api/exchange/proposal/{id}/shipping-status': {
    data: proposalResponse,
    params: byId,
    body: shippingStatusBody,
    summary: 'Shipping step',
  },
  'POST /api/exchange/proposal/{id}/confirm': {
    data: proposalResponse,
    params: byId,
    body: confirmProposalBody,
    summary: 'Everything is OK (completes early)',
  },
  'POST /api/exchange/proposal/{id}/extend': {
    data: proposalResponse,
    params: byId,
    body: extendDeadlineBody,
    summary: 'Extend a late party’s shipping deadline once',
  },
  'GET /api/exchange/user/{id}/proposals': {
    data: proposalPageResponse,
    params: byId,
    query: memberProposalsQuery,
    summary: 'The caller’s proposals',
  },
  'GET /api/exchange/proposal/product/{id}': {
    data: productProposalsResponse,
    params: byId,
    summary: 'Proposals touching a listing',
  },
  'GET /api/exchange/user/{id}/stats': {
    data: exchangeStatsResponse,
    params: byId,
    summary: 'Trade stats',
  },
  'POST /api/rating': {
    data: ratingResponse,
    status: 201,
    body: createRatingBody,
    summary: 'Rate the other party',
  },
  'GET /api/rating/user/{id}': {
    data: userRatingsResponse,
    params: z.object({ id: ratingIdParam }),
    query: userRatingsQuery,
    summary: 'A member’s ratings',
  },
  'GET /api/rating/proposal/{id}': {
    data: proposalRatingsResponse,
    params: z.object({ id: ratingIdParam }),
    summary: 'Ratings of a proposal',
  },
  'PUT /api/rating/{id}': {
    data: ratingResponse,
    params: z.object({ id: ratingIdParam }),
    body: changeRatingBody,
    summary: 'Change one’s rating while it is hidden',
  },
  'POST /api/rating/{id}/answer': {
    data: ratingResponse,
    status: 201,
    params: z.object({ id: ratingIdParam }),
    body: answerRatingBody,
    summary: 'Answer a rating of oneself, once',
  },
} satisfies EndpointContracts;
