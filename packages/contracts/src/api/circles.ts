import { z } from 'zod';
import { noData, type EndpointContracts } from './common';
import { proposalListingResponse } from './exchange';

/**
 * Want lists and trade circles (ARCHITECTURE §8), served by the exchange service under
 * `/api/circles/*`.
 *
 * A want list belongs to one of the caller's listings: the other members' listings the caller
 * would accept for it, most preferred first ("I would give my X for Y1, else Y2, else Y3"). Want
 * lists are private: no answer ever shows another member's want list, and a circle shows each of
 * its members only what they give, what they receive and the circle's size.
 *
 * Orientation of a circle: every member gives one listing and receives one listing. Once every
 * member accepted, the circle becomes one linked exchange per edge (a proposal with `circle_id`),
 * each reserved, shipped and rated like a two-party exchange.
 */

/** The most listings one want list may name. */
export const maxWantsPerList = 100;

/** PUT /api/circles/wants/{productId}: the whole list, most preferred first (an empty list clears it). */
export const putWantListBody = z.strictObject({
  wants: z.array(z.string().min(1, 'wants must hold listing ids')).max(maxWantsPerList, {
    message: `wants may name at most ${maxWantsPerList} listings`,
  }),
});
export type PutWantListBody = z.infer<typeof putWantListBody>;

export const wantListResponse = z.strictObject({
  product_id: z.string(),
  /** The caller's listing this list is for. */
  product: proposalListingResponse,
  /** The listings the caller would accept for it, most preferred first (rank = index + 1). */
  wants: z.array(proposalListingResponse),
  updated_at: z.string(),
});
export type WantListResponse = z.infer<typeof wantListResponse>;

export const wantListsResponse = z.strictObject({ want_lists: z.array(wantListResponse) });
export type WantListsResponse = z.infer<typeof wantListsResponse>;

export const circleStatuses = ['proposed', 'accepted', 'dissolved'] as const;
export const circleStatus = z.enum(circleStatuses);
export type CircleStatus = z.infer<typeof circleStatus>;

export const circleAnswers = ['pending', 'accepted', 'declined', 'expired'] as const;
export type CircleAnswer = (typeof circleAnswers)[number];

/** Why a circle dissolved: someone declined, the answer window closed, or a listing left. */
export const circleDissolveReasons = ['declined', 'expired', 'unavailable'] as const;

/** A circle as one of its members sees it. */
export const circleResponse = z.strictObject({
  circle_id: z.string(),
  status: circleStatus,
  /** How many members (and listings) the circle joins; 2 is a plain two-party trade. */
  size: z.number().int().min(2),
  /** The viewer's listing they give. */
  gives: proposalListingResponse,
  /** The listing the viewer receives. */
  receives: proposalListingResponse,
  my_answer: z.enum(circleAnswers),
  /** How many members accepted so far (who they are is not shown). */
  accepted_count: z.number().int().nonnegative(),
  /** The actions the viewer may take now: `accept` and `decline` while it waits for them. */
  allowed_actions: z.array(z.enum(['accept', 'decline'])),
  /**
   * Once accepted: the linked exchange in which the viewer gives, and the one in which they
   * receive (each a proposal the viewer is a party of); null before.
   */
  exchanges: z
    .strictObject({ gives_proposal_id: z.string(), receives_proposal_id: z.string() })
    .nullable(),
  dissolved_reason: z.enum(circleDissolveReasons).nullable(),
  /**
   * A problem was reported on one of the circle's exchanges and is being handled (by its two
   * members, or Swapbooth); which one and what it is are not shown to the others.
   */
  problem_reported: z.boolean().optional(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CircleResponse = z.infer<typeof circleResponse>;

export const circleListResponse = z.strictObject({ circles: z.array(circleResponse) });
export type CircleListResponse = z.infer<typeof circleListResponse>;

/** PUT /api/circles/{id}/status: the viewer's answer. */
export const circleAnswerBody = z.strictObject({ status: z.enum(['accepted', 'declined']) });
export type CircleAnswerBody = z.infer<typeof circleAnswerBody>;

/** A member's standing as a math-trade organiser (a member with a booth, approved by an admin). */
export const organiserStatuses = ['none', 'requested', 'approved', 'refused'] as const;
export const organiserResponse = z.strictObject({
  user_id: z.string(),
  status: z.enum(organiserStatuses),
  requested_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type OrganiserResponse = z.infer<typeof organiserResponse>;

/** POST /api/circles/math-trades: a want-list file in the TradeMaximizer format, solved at once. */
export const mathTradeBody = z.strictObject({
  name: z.string().trim().min(1, 'name is required').max(120),
  /** The want-list file's text (at most 2 MB). */
  file: z.string().min(1, 'file is required').max(2_000_000, { message: 'file is over 2 MB' }),
});
export type MathTradeBody = z.infer<typeof mathTradeBody>;

export const mathTradeResponse = z.strictObject({
  math_trade_id: z.string(),
  name: z.string(),
  organiser_id: z.string(),
  /** Items counted as TradeMaximizer counts them (dummies included). */
  items_total: z.number().int().nonnegative(),
  items_trading: z.number().int().nonnegative(),
  users_trading: z.number().int().nonnegative(),
  group_sizes: z.array(z.number().int().positive()),
  sum_of_squares: z.number().int().nonnegative(),
  elapsed_ms: z.number().nonnegative(),
  /** What the file did that TradeMaximizer warns about (unknown names, an item wanting itself, ...). */
  warnings: z.array(z.string()),
  /** Each loop: who gives which item to whom, in order (dummies spliced out). */
  loops: z.array(
    z.array(
      z.strictObject({
        user: z.string(),
        item: z.string(),
        receives_from: z.string(),
        receives_item: z.string(),
      }),
    ),
  ),
  /** The result as TradeMaximizer prints it (TRADE LOOPS, ITEM SUMMARY, counts). */
  report: z.string(),
  created_at: z.string(),
});
export type MathTradeResponse = z.infer<typeof mathTradeResponse>;

export const mathTradeSummaryResponse = mathTradeResponse.omit({ loops: true, report: true });
export const mathTradeListResponse = z.strictObject({
  math_trades: z.array(mathTradeSummaryResponse),
});
export type MathTradeListResponse = z.infer<typeof mathTradeListResponse>;

/** Every circles endpoint with the `data` it answers (the source for an OpenAPI document). */
export const circlesEndpoints = {
  'GET /api/circles/wants': { data: wantListsResponse, summary: 'My want lists' },
  'PUT /api/circles/wants/{productId}': {
    data: wantListResponse,
    summary: 'Set the want list of one of my listings',
  },
  'DELETE /api/circles/wants/{productId}': { data: noData, summary: 'Clear a want list' },
  'GET /api/circles': { data: circleListResponse, summary: 'Circles I am in' },
  'GET /api/circles/{id}': { data: circleResponse, summary: 'A circle I am in' },
  'PUT /api/circles/{id}/status': { data: circleResponse, summary: 'Accept or decline a circle' },
  'GET /api/circles/organiser': { data: organiserResponse, summary: 'My organiser standing' },
  'POST /api/circles/organiser': {
    data: organiserResponse,
    status: 201,
    summary: 'Ask to organise math trades',
  },
  'POST /api/circles/math-trades': {
    data: mathTradeResponse,
    status: 201,
    summary: 'Solve a math trade from a want-list file',
  },
  'GET /api/circles/math-trades': { data: mathTradeListResponse, summary: 'My math trades' },
  'GET /api/circles/math-trades/{id}': { data: mathTradeResponse, summary: 'A math trade' },
} satisfies EndpointContracts;

/** The admin's view of organiser requests (served by the admin service, which asks exchange). */
export const organiserRequestResponse = organiserResponse.extend({
  /** First and last name as the exchange service knows them (may be empty). */
  name: z.string(),
  username: z.string(),
  booth_name: z.string().nullable(),
});
export const organiserRequestListResponse = z.strictObject({
  organisers: z.array(organiserRequestResponse),
});
export type OrganiserRequestListResponse = z.infer<typeof organiserRequestListResponse>;

/** GET /api/admin/organisers (and exchange's internal list): standings to list, all when left out. */
export const organisersQuery = z.object({
  status: z
    .enum(['requested', 'approved', 'refused'], {
      error: "must be 'requested', 'approved' or 'refused'",
    })
    .optional(),
});

/** PUT /api/admin/organisers/{userId}: an admin's decision. */
export const organiserDecisionBody = z.strictObject({ status: z.enum(['approved', 'refused']) });
export type OrganiserDecisionBody = z.infer<typeof organiserDecisionBody>;
