import type {
  ApiSuccess,
  PrivatePhotoUrlsResponse,
  DisputeReason,
  DisputeResponse,
  DisputeStep,
  disputeStepBody,
  openDisputeBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';

/** "I have a problem": the reason, what happened and the private photos' keys. */
export type NewDispute = RequestBody<typeof openDisputeBody>;
export type DisputeStepBody = RequestBody<typeof disputeStepBody>;

const enc = encodeURIComponent;
const disputeOf = (body: ApiSuccess<DisputeResponse>) => body.data;

/** After a dispute step: the dispute, its exchange and the lists the exchange is in change. */
const afterStep = (id: string) => [
  { type: 'Dispute' as const, id },
  { type: 'Proposal' as const, id },
  'Proposals' as const,
];

const tagged = api.enhanceEndpoints({ addTagTypes: ['Dispute'] });

export const disputesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** The exchange's latest dispute (404 when no problem was reported). */
    getDispute: build.query<DisputeResponse, string>({
      query: (proposalId) => ({ url: `/exchange/proposal/${enc(proposalId)}/dispute` }),
      transformResponse: disputeOf,
      providesTags: (_r, _e, id) => [{ type: 'Dispute', id }],
    }),
    openDispute: build.mutation<DisputeResponse, { proposalId: string } & NewDispute>({
      query: ({ proposalId, ...body }) => ({
        url: `/exchange/proposal/${enc(proposalId)}/dispute`,
        method: 'POST',
        body,
      }),
      transformResponse: disputeOf,
      invalidatesTags: (_r, _e, { proposalId }) => afterStep(proposalId),
    }),
    disputeStep: build.mutation<DisputeResponse, { proposalId: string } & DisputeStepBody>({
      query: ({ proposalId, ...body }) => ({
        url: `/exchange/proposal/${enc(proposalId)}/dispute/steps`,
        method: 'POST',
        body,
      }),
      transformResponse: disputeOf,
      invalidatesTags: (_r, _e, { proposalId }) => afterStep(proposalId),
    }),
    /** Short-lived URLs of a dispute's private photos (catalog checks the reader). */
    privatePhotoUrls: build.query<PrivatePhotoUrlsResponse, string[]>({
      query: (keys) => ({ url: '/images/private-urls', method: 'POST', body: { keys } }),
      transformResponse: (body: ApiSuccess<PrivatePhotoUrlsResponse>) => body.data,
    }),
  }),
});

export const {
  useGetDisputeQuery,
  useOpenDisputeMutation,
  useDisputeStepMutation,
  usePrivatePhotoUrlsQuery,
} = disputesApi;

/** How each reason reads. */
export const reasonLabels: Record<DisputeReason, string> = {
  did_not_arrive: 'It did not arrive',
  not_as_described: 'Not as described',
  damaged: 'It arrived damaged',
  not_performed: 'The service was not performed',
  other: 'Something else',
};

/** How each step reads, as a button and in the history. */
export const stepLabels: Record<DisputeStep, string> = {
  accept_return: 'Accept a return',
  propose_remedy: 'Propose a remedy',
  contest: 'Contest',
  accept_remedy: 'Agree to the remedy',
  escalate: 'Ask Swapbooth to step in',
};

export const outcomeLabels: Record<NonNullable<DisputeResponse['outcome']>, string> = {
  completed: 'The exchange is completed',
  cancelled: 'The exchange is cancelled and the listings are released',
  both_return: 'Both of you return what you received; the exchange is cancelled',
};
