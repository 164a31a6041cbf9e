import type {
  AdminDisputeResponse,
  DisputePageResponse,
  DisputeResponse,
  resolveDisputeBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';
import { via } from './admin-api';

type Params = Record<string, string | number | undefined>;
export type DisputeDecision = { id: string } & RequestBody<typeof resolveDisputeBody>;
export type AdminDispute = DisputeResponse;

const tagged = api.enhanceEndpoints({ addTagTypes: ['AdminDisputes', 'AdminAudit'] });

/** The disputes area: the queue, one dispute (each reading is audited) and the decision. */
export const disputesAdminApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    adminDisputes: b.query<DisputePageResponse, Params>({
      queryFn: via<DisputePageResponse, Params>((params) => ({ url: '/admin/disputes', params })),
      providesTags: ['AdminDisputes'],
    }),
    adminDispute: b.query<AdminDisputeResponse, string>({
      queryFn: via<AdminDisputeResponse, string>((id) => ({
        url: `/admin/disputes/${encodeURIComponent(id)}`,
      })),
      providesTags: (_r, _e, id) => [{ type: 'AdminDisputes', id }],
    }),
    resolveDispute: b.mutation<
      { dispute: DisputeResponse; audit_id: string | null },
      DisputeDecision
    >({
      queryFn: via<{ dispute: DisputeResponse; audit_id: string | null }, DisputeDecision>(
        ({ id, ...body }) => ({
          url: `/admin/disputes/${encodeURIComponent(id)}/resolve`,
          method: 'POST',
          body,
        }),
      ),
      invalidatesTags: ['AdminDisputes', 'AdminAudit'],
    }),
  }),
});

export const { useAdminDisputesQuery, useAdminDisputeQuery, useResolveDisputeMutation } =
  disputesAdminApi;
