import type {
  ApiSuccess,
  BlockListResponse,
  BlockStatusResponse,
  memberReportReasons,
} from '@swapbooth/contracts';
import { api } from './api';

/** The reasons a member may be reported for (catalog refuses the listing-only ones). */
export type MemberReportReason = (typeof memberReportReasons)[number];

/** The labels the Report member dialog shows, in its order. */
export const MEMBER_REPORT_REASONS: Array<[MemberReportReason, string]> = [
  ['scam_or_fraud', 'Scam or fraud'],
  ['harassment', 'Harassment'],
  ['offensive_content', 'Offensive content'],
  ['spam', 'Spam'],
  ['other', 'Other'],
];

export type BlockedMember = BlockListResponse['blocks'][number];

/**
 * Blocking and reporting members, shared by the store page, the proposal page, the messages and
 * My Account. A block counts both ways; the blocked member is never told.
 */
export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Whether the signed-in member blocks this member. */
    blockStatus: build.query<boolean, string>({
      query: (userId) => ({ url: `/auth/blocks/${encodeURIComponent(userId)}` }),
      transformResponse: ({ data }: ApiSuccess<BlockStatusResponse>) => data.isBlocked,
      providesTags: (_r, _e, userId) => [{ type: 'Blocks', id: userId }],
    }),
    blockList: build.query<BlockListResponse, { page: number; limit: number }>({
      query: (params) => ({ url: '/auth/blocks', params }),
      transformResponse: ({ data }: ApiSuccess<BlockListResponse>) => data,
      providesTags: [{ type: 'Blocks', id: 'LIST' }],
    }),
    setBlock: build.mutation<void, { userId: string; block: boolean }>({
      query: ({ userId, block }) => ({
        url: `/auth/blocks/${encodeURIComponent(userId)}`,
        method: block ? 'POST' : 'DELETE',
      }),
      // A block ends follows both ways and (shortly after) the open proposals between the two.
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'Blocks', id: userId },
        { type: 'Blocks', id: 'LIST' },
        'Follow',
        'Proposal',
        'Proposals',
      ],
    }),
    reportMember: build.mutation<
      void,
      { userId: string; reason: MemberReportReason; details?: string }
    >({
      query: ({ userId, reason, details }) => ({
        url: '/reports',
        method: 'POST',
        body: { targetType: 'user', targetId: userId, reason, ...(details ? { details } : {}) },
      }),
    }),
  }),
});

export const {
  useBlockStatusQuery,
  useBlockListQuery,
  useSetBlockMutation,
  useReportMemberMutation,
} = blocksApi;
