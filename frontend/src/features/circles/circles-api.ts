import type {
  ApiSuccess,
  CircleListResponse,
  CircleResponse,
  MathTradeListResponse,
  MathTradeResponse,
  OrganiserResponse,
  WantListResponse,
  WantListsResponse,
  circleAnswerBody,
  mathTradeBody,
  putWantListBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';

/**
 * Want lists, trade circles, organiser standing and math trades (`/api/circles/*`), injected into
 * the one API slice. A want list change can make or dissolve circles, so it refreshes both.
 */
const enc = encodeURIComponent;

export type MathTradeSummary = MathTradeListResponse['math_trades'][number];

const tagged = api.enhanceEndpoints({
  addTagTypes: ['WantLists', 'Circles', 'Circle', 'Organiser', 'MathTrades'],
});

/** After an answer on a circle: it, the list, and the exchanges it may have opened. */
const afterAnswer = (id: string) => [
  { type: 'Circle' as const, id },
  'Circles' as const,
  'Proposals' as const,
  'Listing' as const,
];

export const circlesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getWantLists: build.query<WantListResponse[], void>({
      query: () => ({ url: '/circles/wants' }),
      transformResponse: (body: ApiSuccess<WantListsResponse>) => body.data.want_lists,
      providesTags: ['WantLists'],
    }),
    /** The whole list for one of my listings, most preferred first (empty clears it). */
    putWantList: build.mutation<
      WantListResponse,
      { productId: string } & RequestBody<typeof putWantListBody>
    >({
      query: ({ productId, wants }) => ({
        url: `/circles/wants/${enc(productId)}`,
        method: 'PUT',
        body: { wants },
      }),
      transformResponse: (body: ApiSuccess<WantListResponse>) => body.data,
      // The answer is the list as stored, so it replaces the cached one as the mutation settles:
      // a refetch would leave a window in which the page shows (and the next move starts from)
      // the old order.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          (r) => r.data,
          () => undefined,
        );
        if (!saved) return;
        dispatch(
          circlesApi.util.updateQueryData('getWantLists', undefined, (lists) => {
            const at = lists.findIndex((l) => l.product_id === saved.product_id);
            if (at >= 0) lists[at] = saved;
            else lists.push(saved);
          }),
        );
      },
      invalidatesTags: ['Circles'],
    }),
    clearWantList: build.mutation<void, string>({
      query: (productId) => ({ url: `/circles/wants/${enc(productId)}`, method: 'DELETE' }),
      async onQueryStarted(productId, { dispatch, queryFulfilled }) {
        const cleared = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!cleared) return;
        dispatch(
          circlesApi.util.updateQueryData('getWantLists', undefined, (lists) =>
            lists.filter((l) => l.product_id !== productId),
          ),
        );
      },
      invalidatesTags: ['Circles'],
    }),
    getCircles: build.query<CircleResponse[], void>({
      query: () => ({ url: '/circles' }),
      transformResponse: (body: ApiSuccess<CircleListResponse>) => body.data.circles,
      providesTags: ['Circles'],
    }),
    getCircle: build.query<CircleResponse, string>({
      query: (id) => ({ url: `/circles/${enc(id)}` }),
      transformResponse: (body: ApiSuccess<CircleResponse>) => body.data,
      providesTags: (_r, _e, id) => [{ type: 'Circle', id }],
    }),
    answerCircle: build.mutation<
      CircleResponse,
      { circleId: string } & RequestBody<typeof circleAnswerBody>
    >({
      query: ({ circleId, status }) => ({
        url: `/circles/${enc(circleId)}/status`,
        method: 'PUT',
        body: { status },
      }),
      transformResponse: (body: ApiSuccess<CircleResponse>) => body.data,
      invalidatesTags: (_r, _e, { circleId }) => afterAnswer(circleId),
    }),
    getOrganiser: build.query<OrganiserResponse, void>({
      query: () => ({ url: '/circles/organiser' }),
      transformResponse: (body: ApiSuccess<OrganiserResponse>) => body.data,
      providesTags: ['Organiser'],
    }),
    requestOrganiser: build.mutation<OrganiserResponse, void>({
      query: () => ({ url: '/circles/organiser', method: 'POST' }),
      transformResponse: (body: ApiSuccess<OrganiserResponse>) => body.data,
      invalidatesTags: ['Organiser'],
    }),
    solveMathTrade: build.mutation<MathTradeResponse, RequestBody<typeof mathTradeBody>>({
      query: (body) => ({ url: '/circles/math-trades', method: 'POST', body }),
      transformResponse: (body: ApiSuccess<MathTradeResponse>) => body.data,
      invalidatesTags: ['MathTrades'],
    }),
    getMathTrades: build.query<MathTradeSummary[], void>({
      query: () => ({ url: '/circles/math-trades' }),
      transformResponse: (body: ApiSuccess<MathTradeListResponse>) => body.data.math_trades,
      providesTags: ['MathTrades'],
    }),
    getMathTrade: build.query<MathTradeResponse, string>({
      query: (id) => ({ url: `/circles/math-trades/${enc(id)}` }),
      transformResponse: (body: ApiSuccess<MathTradeResponse>) => body.data,
      providesTags: (_r, _e, id) => [{ type: 'MathTrades', id }],
    }),
  }),
});

export const {
  useGetWantListsQuery,
  usePutWantListMutation,
  useClearWantListMutation,
  useGetCirclesQuery,
  useGetCircleQuery,
  useAnswerCircleMutation,
  useGetOrganiserQuery,
  useRequestOrganiserMutation,
  useSolveMathTradeMutation,
  useGetMathTradesQuery,
  useGetMathTradeQuery,
} = circlesApi;
