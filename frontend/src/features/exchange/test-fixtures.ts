import type {
  ProposalListingResponse,
  ProposalPartyResponse,
  ProposalResponse,
  RatingResponse,
} from '@swapbooth/contracts';
import { configure } from '@testing-library/react';
import { productResponse } from '../../test/fixtures';
import { mockFetch, profileBody, type Handler } from '../../test/test-utils';

/** Contract-shaped answers of the exchange service, for the exchange screens' tests. */

// Each page is a lazy chunk compiled on first use; on a busy machine that alone can pass the
// default one second, so waits get a generous deadline (they still end as soon as the page shows).
configure({ asyncUtilTimeout: 10_000 });

export const ME = 'me';
export const OTHER = 'other';

export const party = (
  user_id: string,
  first_name: string,
  over: Partial<ProposalPartyResponse> = {},
): ProposalPartyResponse => ({
  user_id,
  first_name,
  last_name: 'Tester',
  username: first_name.toLowerCase(),
  profile_image: '',
  ...over,
});

export const listing = (
  product_id: string,
  owner_id: string,
  over: Partial<ProposalListingResponse> = {},
): ProposalListingResponse => ({
  product_id,
  title: `Listing ${product_id}`,
  slug: `listing-${product_id}`,
  type: 'item',
  status: 'published',
  owner_id,
  image_url: `http://img/${product_id}.jpg`,
  ...over,
});

const parcel = { status: 'preparing' as const, tracking_note: '', updated_at: null };
const noDeadlines = { ship_by: null, extended: false, counts_delivered_at: null, confirmed: false };

/**
 * A proposal from OTHER (sender) to ME (receiver) by default: OTHER asks for my r1 and offers
 * their o1, with a deposit of 5.
 */
export function proposal(over: Partial<ProposalResponse> = {}): ProposalResponse {
  return {
    proposal_id: 'pr1',
    status: 'pending',
    sender_id: OTHER,
    receiver_id: ME,
    sender: party(OTHER, 'Olive'),
    receiver: party(ME, 'Max'),
    role: 'receiver',
    requested_products: [listing('r1', ME)],
    offered_products: [listing('o1', OTHER)],
    message: 'Would you swap?',
    deposit_amount: 5,
    sender_shipping_contribution: 2.5,
    receiver_shipping_contribution: 0,
    round_count: 1,
    rounds: [
      {
        round: 1,
        by: OTHER,
        requested_product_ids: ['r1'],
        offered_product_ids: ['o1'],
        message: 'Would you swap?',
        deposit_amount: 5,
        sender_shipping_contribution: 2.5,
        receiver_shipping_contribution: 0,
        created_at: '2026-01-02T10:00:00.000Z',
      },
    ],
    terms_by: OTHER,
    awaiting: ME,
    allowed_actions: ['accept', 'reject', 'counter'],
    details_locked: false,
    shipping: { sender: parcel, receiver: parcel },
    rated_by_me: false,
    next_deadline: null,
    auto_complete_at: null,
    deadlines: { sender: noDeadlines, receiver: noDeadlines },
    expires_at: '2026-01-16T10:00:00.000Z',
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    accepted_at: null,
    completed_at: null,
    circle_id: null,
    ...over,
  };
}

/** What a receiver without a subscription is sent (SPEC §6): no sender, offer, message or money. */
export const lockedProposal = (over: Partial<ProposalResponse> = {}) =>
  proposal({
    sender_id: null,
    sender: null,
    offered_products: [],
    message: '',
    deposit_amount: 0,
    sender_shipping_contribution: 0,
    rounds: [],
    round_count: 2,
    details_locked: true,
    allowed_actions: ['reject'],
    ...over,
  });

export const rating = (over: Partial<RatingResponse> = {}): RatingResponse => ({
  rating_id: 'ra1',
  proposal_id: 'pr1',
  rater_id: OTHER,
  rated_user_id: ME,
  rating_value: 4.5,
  comment: 'Smooth trade',
  rater: party(OTHER, 'Olive'),
  created_at: '2026-01-10T10:00:00.000Z',
  ...over,
});

/** A catalog page of published listings (the store page's call). */
export const listingsPage = (userId: string, ids: string[]) => ({
  success: true,
  data: {
    products: ids.map((id) =>
      productResponse({
        product_id: id,
        slug: `listing-${id}`,
        title: `Listing ${id}`,
        user_id: userId,
        userId,
        user_profile: { first_name: userId === OTHER ? 'Olive' : 'Max', last_name: 'Tester' },
      }),
    ),
    totalCount: ids.length,
    page: 1,
    limit: 100,
    totalPages: 1,
  },
});

export const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
export const fail = (status: number, message: string) => ({
  status,
  body: { success: false, message },
});

/** A signed-in backend: the session calls answered, then `handler` for the rest. */
export function memberBackend(handler: Handler, userId = ME) {
  return mockFetch((req) => {
    if (req.url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (req.url.pathname === '/api/profile') return { body: profileBody({ userId }) };
    const answer = handler(req);
    // The layout's bell asks for the member's notifications on every page: none, unless the test
    // answers otherwise.
    if (!answer && req.method === 'GET' && req.url.pathname === `/api/notifications/user/${userId}`)
      return { body: { success: true, data: [], unread_count: 0 } };
    return answer;
  });
}

/** The JSON bodies sent to one path with one method. */
export function bodiesSent(fn: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fn.mock.calls
    .filter(
      ([input, init]) =>
        new URL(input, 'http://localhost').pathname === path &&
        (init?.method ?? 'GET').toUpperCase() === method,
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}
