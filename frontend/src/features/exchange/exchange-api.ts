import type {
  ApiSuccess,
  ExchangeStatsResponse,
  ProductPageResponse,
  ProductProposalsResponse,
  ProposalPageResponse,
  ProposalRatingsResponse,
  ProposalResponse,
  ProposalRoundResponse,
  RatingResponse,
  counterProposalBody,
  createProposalBody,
  createRatingBody,
  proposalStatusBody,
  shippingStatusBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { ApiError } from '../../app/http';
import type { RequestBody } from '../../app/request-body';
import { toListingPage, type ListingPage } from '../../lib/listing';
import { toMoney } from './money';

/** `POST /api/exchange/proposal`: who is asked, the listings on each side, the money terms. */
export type NewProposal = RequestBody<typeof createProposalBody>;

/** The terms of an offer or a counter, oriented as the service keeps them (requested = receiver's). */
export type ProposalTerms = Omit<RequestBody<typeof counterProposalBody>, 'userId'>;

/** The money terms of a proposal, under the names the exchange service uses (SPEC §3). */
export type MoneyTerms = Pick<
  ProposalTerms,
  'deposit_amount' | 'sender_shipping_contribution' | 'receiver_shipping_contribution'
>;

/** The moves `PUT /api/exchange/proposal/{id}/status` knows. */
export type StatusMove = RequestBody<typeof proposalStatusBody>['status'];

/** Whose parcel a shipping step is about. */
export type ParcelType = RequestBody<typeof shippingStatusBody>['type'];

/** `POST /api/rating`. */
export type NewRating = RequestBody<typeof createRatingBody>;

export interface ProposalQuery {
  userId: string;
  role?: 'sent' | 'received';
  /** One status or several, comma-separated. */
  status?: string;
  page: number;
  limit?: number;
}

/** SPEC §8: what a failed user-proposals fetch says. */
export const PROPOSALS_FETCH_FAILED = 'Failed to fetch proposals';

/** SPEC §5: deposit and shipping contributions are numbers, 0 when missing. */
function withNumbers<T extends MoneyTerms>(terms: T): T {
  return {
    ...terms,
    deposit_amount: toMoney(terms.deposit_amount),
    sender_shipping_contribution: toMoney(terms.sender_shipping_contribution),
    receiver_shipping_contribution: toMoney(terms.receiver_shipping_contribution),
  };
}

const withRoundNumbers = (r: ProposalRoundResponse): ProposalRoundResponse => withNumbers(r);

export function normaliseProposal(p: ProposalResponse): ProposalResponse {
  return { ...withNumbers(p), rounds: (p.rounds ?? []).map(withRoundNumbers) };
}

const proposalOf = (body: ApiSuccess<ProposalResponse>) => normaliseProposal(body.data);

const noProductProposals: ProductProposalsResponse = {
  proposals: [],
  counts: { total: 0, open: 0, acceptedItems: 0 },
};

const enc = encodeURIComponent;

/** After any move on a proposal: it, the lists it appears in and the stats change. */
const afterMove = (id: string) => [
  { type: 'Proposal' as const, id },
  'Proposals' as const,
  'ExchangeStats' as const,
];

export const exchangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    createProposal: build.mutation<ProposalResponse, NewProposal>({
      query: (body) => ({ url: '/exchange/proposal', method: 'POST', body: withNumbers(body) }),
      transformResponse: proposalOf,
      // Listings in the proposal may change state; the bag page shows them.
      invalidatesTags: ['Proposals', 'ExchangeStats'],
    }),
    getProposal: build.query<ProposalResponse, string>({
      query: (id) => ({ url: `/exchange/proposal/${enc(id)}` }),
      transformResponse: proposalOf,
      providesTags: (_r, _e, id) => [{ type: 'Proposal', id }],
    }),
    setProposalStatus: build.mutation<
      ProposalResponse,
      { proposalId: string } & RequestBody<typeof proposalStatusBody>
    >({
      query: ({ proposalId, status, userId }) => ({
        url: `/exchange/proposal/${enc(proposalId)}/status`,
        method: 'PUT',
        body: { status, userId },
      }),
      transformResponse: proposalOf,
      invalidatesTags: (_r, _e, { proposalId }) => [...afterMove(proposalId), 'Listing'],
    }),
    counterProposal: build.mutation<
      ProposalResponse,
      { proposalId: string; userId: string; terms: ProposalTerms }
    >({
      query: ({ proposalId, userId, terms }) => ({
        url: `/exchange/proposal/${enc(proposalId)}/counter`,
        method: 'POST',
        body: { userId, ...withNumbers(terms) },
      }),
      transformResponse: proposalOf,
      invalidatesTags: (_r, _e, { proposalId }) => afterMove(proposalId),
    }),
    setShippingStatus: build.mutation<
      ProposalResponse,
      { proposalId: string } & Omit<RequestBody<typeof shippingStatusBody>, 'trackingNote'> & {
          /** The note's snake_case spelling (SPEC §7), which the route takes as `trackingNote`. */
          tracking_note?: string;
        }
    >({
      query: ({ proposalId, ...body }) => ({
        url: `/exchange/proposal/${enc(proposalId)}/shipping-status`,
        method: 'PUT',
        body,
      }),
      transformResponse: proposalOf,
      invalidatesTags: (_r, _e, { proposalId }) => [...afterMove(proposalId), 'Listing'],
    }),
    /** "Everything is OK": the parcels the caller receives arrived as agreed (may complete it). */
    confirmExchange: build.mutation<ProposalResponse, { proposalId: string }>({
      query: ({ proposalId }) => ({
        url: `/exchange/proposal/${enc(proposalId)}/confirm`,
        method: 'POST',
        body: {},
      }),
      transformResponse: proposalOf,
      invalidatesTags: (_r, _e, { proposalId }) => [...afterMove(proposalId), 'Listing'],
    }),
    /** Gives a partner late to ship more time, once. */
    extendShippingDeadline: build.mutation<
      ProposalResponse,
      { proposalId: string; type: ParcelType }
    >({
      query: ({ proposalId, type }) => ({
        url: `/exchange/proposal/${enc(proposalId)}/extend`,
        method: 'POST',
        body: { type },
      }),
      transformResponse: proposalOf,
      invalidatesTags: (_r, _e, { proposalId }) => afterMove(proposalId),
    }),
    getUserProposals: build.query<ProposalPageResponse, ProposalQuery>({
      query: ({ userId, ...params }) => ({
        url: `/exchange/user/${enc(userId)}/proposals`,
        params,
      }),
      transformResponse: (body: ApiSuccess<ProposalPageResponse>) => ({
        ...body.data,
        proposals: body.data.proposals.map(normaliseProposal),
      }),
      // SPEC §8: the failure reads "Failed to fetch proposals", whatever went wrong.
      transformErrorResponse: (error: ApiError): ApiError => ({
        ...error,
        message: PROPOSALS_FETCH_FAILED,
      }),
      providesTags: ['Proposals'],
    }),
    getUserStats: build.query<ExchangeStatsResponse, string>({
      query: (userId) => ({ url: `/exchange/user/${enc(userId)}/stats` }),
      transformResponse: (body: ApiSuccess<ExchangeStatsResponse>) => body.data,
      providesTags: ['ExchangeStats'],
    }),
    /** SPEC §8: a failure is swallowed and reads as no proposals. */
    getProductProposals: build.query<ProductProposalsResponse, string>({
      async queryFn(productId, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: `/exchange/proposal/product/${enc(productId)}` });
        if (result.error) return { data: noProductProposals };
        const data = (result.data as ApiSuccess<ProductProposalsResponse>).data;
        return { data: { ...data, proposals: data.proposals.map(normaliseProposal) } };
      },
      providesTags: ['Proposals'],
    }),
    rate: build.mutation<RatingResponse, NewRating>({
      query: (body) => ({ url: '/rating', method: 'POST', body }),
      transformResponse: (body: ApiSuccess<RatingResponse>) => body.data,
      invalidatesTags: (_r, _e, { proposal_id, rated_user_id }) => [
        { type: 'Proposal', id: proposal_id },
        { type: 'Ratings', id: rated_user_id },
        { type: 'Ratings', id: `proposal:${proposal_id}` },
        // Search cards carry the rated member's hearts.
        'Listing',
      ],
    }),
    getProposalRatings: build.query<ProposalRatingsResponse, string>({
      query: (proposalId) => ({ url: `/rating/proposal/${enc(proposalId)}` }),
      transformResponse: (body: ApiSuccess<ProposalRatingsResponse>) => body.data,
      providesTags: (_r, _e, proposalId) => [{ type: 'Ratings', id: `proposal:${proposalId}` }],
    }),
    /** A member's published listings (the catalog call the store page uses), to pick from. */
    getTradeableListings: build.query<ListingPage, { userId: string; limit?: number }>({
      query: ({ userId, limit = 100 }) => ({
        url: `/product/published-by-user/${enc(userId)}`,
        params: { page: 1, limit },
      }),
      transformResponse: (body: ApiSuccess<ProductPageResponse>) => toListingPage(body.data),
      providesTags: ['Listing'],
    }),
  }),
});

export const {
  useCreateProposalMutation,
  useGetProposalQuery,
  useSetProposalStatusMutation,
  useCounterProposalMutation,
  useSetShippingStatusMutation,
  useConfirmExchangeMutation,
  useExtendShippingDeadlineMutation,
  useGetUserProposalsQuery,
  useGetUserStatsQuery,
  useGetProductProposalsQuery,
  useRateMutation,
  useGetProposalRatingsQuery,
  useGetTradeableListingsQuery,
} = exchangeApi;
