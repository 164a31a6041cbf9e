import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import type {
  AdminAccountResponse,
  OrganiserRequestListResponse,
  UserRatingsResponse,
  PlatformMetricsResponse,
  adminAccessBody,
  adminAccountStatusBody,
  adminCancelSubscriptionBody,
  adminLoginBody,
  adminPasswordResetBody,
  listingStatusBody,
  memberStatusBody,
  organiserDecisionBody,
  resolveReportBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';
import { request, type HttpResult, type RequestArgs, type TokenSource } from '../../app/http';
import { toastShown } from '../../components/toasts/toasts-slice';
import { AdminMessages, adminSession, type AdminUser } from './admin-session';

/**
 * Admin calls carry the admin token (SPEC §6), never the member's: no renewal; a 401 on a call
 * made with one ends the admin session with the 'Session expired' toast.
 */
const adminTokens = (dispatch: BaseQueryApi['dispatch']): TokenSource => ({
  current: () => {
    const session = adminSession.check();
    return session.status === 'valid' ? session.token : null;
  },
  renew: () => Promise.resolve(null),
  lost(url) {
    if (/^\/admin\/log(in|out)$/.test(url)) return;
    adminSession.clear();
    dispatch(toastShown(AdminMessages.sessionExpired, 'error'));
  },
});

/** One admin call through the app's client; answers with the envelope's `data`. */
async function adminRequest<T>(
  args: RequestArgs,
  { dispatch }: Pick<BaseQueryApi, 'dispatch'>,
): Promise<HttpResult<T>> {
  const result = await request<{ data?: T } | undefined>(args, adminTokens(dispatch));
  return 'error' in result ? result : { data: result.data?.data as T };
}

export interface Paged {
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface DailyFigure {
  date: string;
  signUps: number;
  newListings: number;
  proposals: number;
  completedExchanges: number;
}

export interface DashboardStats {
  members: {
    total: number;
    newLast7Days: number;
    newLast30Days: number;
    suspended: number;
    verified: number;
  };
  listings: { total: number; byStatus: Record<string, number> };
  proposals: { total: number; byStatus: Record<string, number> };
  completedExchanges: number;
  activeSubscriptions: number;
  openReports: number;
  daily: DailyFigure[];
  generatedAt: string;
}

/** Events consumers gave up on after their retries, per topic (its `.dlq`). */
export interface DeadLetters {
  topics: Array<{ topic: string; deadLettered: number }>;
  total: number;
  generatedAt: string;
}

export interface AdminMember {
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  status: string;
  is_verified: boolean;
  registered_at: string | null;
}

export interface AdminListing {
  product_id: string;
  title: string;
  category: string;
  type: string | null;
  status: string;
  seller_id: string;
  created_at: string;
}

export interface AdminSubscription {
  user_id: string;
  subscription_id: string | null;
  customer_id: string | null;
  status: string;
  current_period_end: string | null;
  updated_at: string;
}

export interface AdminReport {
  report_id: string;
  reporter_id: string;
  target_type: string;
  target_id: string;
  reason: string;
  status: string;
  filed_at: string;
  action_audit_id: string | null;
  note: string | null;
}

/** A report of a member, with the member as the admin projection knows them. */
export interface AdminMemberReport extends AdminReport {
  member: AdminMember | null;
  /** Open reports about the same member. */
  open_reports_on_member: number;
}

export interface AuditEntry {
  audit_id: string;
  at: string;
  admin_id: string;
  admin_email: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  outcome: string;
}

type Params = Record<string, string | number | undefined>;
type AdminSession = { adminToken: string; adminUser: AdminUser };
type UsersPage = Paged & { users: AdminMember[] };
type ProductsPage = Paged & { products: AdminListing[] };
type SubscriptionsPage = Paged & { subscriptions: AdminSubscription[] };
type ReportsPage = Paged & { reports: AdminReport[] };
type MemberReportsPage = Paged & { reports: AdminMemberReport[] };
type AuditPage = Paged & { entries: AuditEntry[] };
type UserStatusChange = { id: string } & RequestBody<typeof memberStatusBody>;
type ProductStatusChange = { id: string } & RequestBody<typeof listingStatusBody>;
type SubscriptionCancel = { id: string } & RequestBody<typeof adminCancelSubscriptionBody>;
type ReportResolution = { id: string } & RequestBody<typeof resolveReportBody>;
type OrganiserDecision = { userId: string } & RequestBody<typeof organiserDecisionBody>;
export type AdminAccount = AdminAccountResponse;
type AccessChange = { id: string } & RequestBody<typeof adminAccessBody>;
type AccountStatusChange = { id: string } & RequestBody<typeof adminAccountStatusBody>;
type AdminCredentials = RequestBody<typeof adminLoginBody>;
type AdminPasswordReset = RequestBody<typeof adminPasswordResetBody>;
type ResetLinkSent = { admin_id: string; expires_at: string; audit_id: string };

/** A queryFn calling the admin API with the request built from the endpoint's argument. */
export const via =
  <R, A>(build: (arg: A) => RequestArgs) =>
  (arg: A, base: BaseQueryApi) =>
    adminRequest<R>(build(arg), base);

const tagged = api.enhanceEndpoints({
  addTagTypes: [
    'AdminStats',
    'AdminUsers',
    'AdminProducts',
    'AdminSubscriptions',
    'AdminReports',
    'AdminAudit',
    'AdminOrganisers',
    'AdminAccounts',
    'AdminRatings',
  ],
});

/** The admin console's calls (SPEC §7 Admin), injected into the one API slice. */
export const adminApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    adminLogin: b.mutation<AdminSession, AdminCredentials>({
      queryFn: via<AdminSession, AdminCredentials>((body) => ({
        url: '/admin/login',
        method: 'POST',
        body,
      })),
    }),
    /** A member's shown ratings, to remove one that breaks the rules (reports area). */
    adminMemberRatings: b.query<UserRatingsResponse, string>({
      queryFn: via<UserRatingsResponse, string>((userId) => ({
        url: `/admin/ratings/user/${encodeURIComponent(userId)}`,
      })),
      providesTags: ['AdminRatings'],
    }),
    removeRating: b.mutation<unknown, { id: string; reason: string }>({
      queryFn: via<unknown, { id: string; reason: string }>(({ id, reason }) => ({
        url: `/admin/ratings/${encodeURIComponent(id)}`,
        method: 'DELETE',
        body: { reason },
      })),
      invalidatesTags: ['AdminRatings', 'AdminAudit'],
    }),
    adminLogout: b.mutation<unknown, void>({
      queryFn: via<unknown, void>(() => ({ url: '/admin/logout', method: 'POST' })),
    }),
    dashboardStats: b.query<DashboardStats, void>({
      queryFn: via<DashboardStats, void>(() => ({ url: '/admin/dashboard/stats' })),
      providesTags: ['AdminStats'],
    }),
    platformMetrics: b.query<PlatformMetricsResponse, void>({
      queryFn: via<PlatformMetricsResponse, void>(() => ({ url: '/admin/platform' })),
    }),
    deadLetters: b.query<DeadLetters, void>({
      queryFn: via<DeadLetters, void>(() => ({ url: '/admin/dashboard/dead-letters' })),
      providesTags: ['AdminStats'],
    }),
    adminUsers: b.query<UsersPage, Params>({
      queryFn: via<UsersPage, Params>((params) => ({ url: '/admin/users', params })),
      providesTags: ['AdminUsers'],
    }),
    setUserStatus: b.mutation<unknown, UserStatusChange>({
      queryFn: via<unknown, UserStatusChange>(({ id, ...body }) => ({
        url: `/admin/users/${encodeURIComponent(id)}/status`,
        method: 'PATCH',
        body,
      })),
      invalidatesTags: ['AdminUsers', 'AdminStats', 'AdminAudit'],
    }),
    adminProducts: b.query<ProductsPage, Params>({
      queryFn: via<ProductsPage, Params>((params) => ({ url: '/admin/products', params })),
      providesTags: ['AdminProducts'],
    }),
    setProductStatus: b.mutation<unknown, ProductStatusChange>({
      queryFn: via<unknown, ProductStatusChange>(({ id, ...body }) => ({
        url: `/admin/products/${encodeURIComponent(id)}/status`,
        method: 'PATCH',
        body,
      })),
      invalidatesTags: ['AdminProducts', 'AdminStats', 'AdminAudit'],
    }),
    adminSubscriptions: b.query<SubscriptionsPage, Params>({
      queryFn: via<SubscriptionsPage, Params>((params) => ({
        url: '/admin/subscriptions',
        params,
      })),
      providesTags: ['AdminSubscriptions'],
    }),
    cancelSubscription: b.mutation<unknown, SubscriptionCancel>({
      queryFn: via<unknown, SubscriptionCancel>(({ id, ...body }) => ({
        url: `/admin/subscriptions/${encodeURIComponent(id)}/cancel`,
        method: 'PATCH',
        body,
      })),
      invalidatesTags: ['AdminSubscriptions', 'AdminStats', 'AdminAudit'],
    }),
    paymentProvider: b.query<{ reachable: boolean; provider?: string; mode?: string }, void>({
      queryFn: via<{ reachable: boolean; provider?: string; mode?: string }, void>(() => ({
        url: '/admin/test-stripe',
      })),
    }),
    adminReports: b.query<ReportsPage, Params>({
      queryFn: via<ReportsPage, Params>((params) => ({ url: '/admin/reports', params })),
      providesTags: ['AdminReports'],
    }),
    adminMemberReports: b.query<MemberReportsPage, Params>({
      queryFn: via<MemberReportsPage, Params>((params) => ({
        url: '/admin/reports/members',
        params,
      })),
      providesTags: ['AdminReports'],
    }),
    resolveReport: b.mutation<unknown, ReportResolution>({
      queryFn: via<unknown, ReportResolution>(({ id, ...body }) => ({
        url: `/admin/reports/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      })),
      invalidatesTags: ['AdminReports', 'AdminStats', 'AdminAudit'],
    }),
    auditLog: b.query<AuditPage, Params>({
      queryFn: via<AuditPage, Params>((params) => ({ url: '/admin/audit', params })),
      providesTags: ['AdminAudit'],
    }),
    /** Math-trade organiser requests (`status` filters: requested, approved, refused). */
    adminOrganisers: b.query<OrganiserRequestListResponse, Params>({
      queryFn: via<OrganiserRequestListResponse, Params>((params) => ({
        url: '/admin/organisers',
        params,
      })),
      providesTags: ['AdminOrganisers'],
    }),
    decideOrganiser: b.mutation<unknown, OrganiserDecision>({
      queryFn: via<unknown, OrganiserDecision>(({ userId, status }) => ({
        url: `/admin/organisers/${encodeURIComponent(userId)}`,
        method: 'PUT',
        body: { status },
      })),
      invalidatesTags: ['AdminOrganisers', 'AdminAudit'],
    }),
    /** Admin accounts (executives only). */
    adminAccounts: b.query<{ admins: AdminAccount[] }, void>({
      queryFn: via<{ admins: AdminAccount[] }, void>(() => ({ url: '/admin/admins' })),
      providesTags: ['AdminAccounts'],
    }),
    changeAdminAccess: b.mutation<AdminAccount, AccessChange>({
      queryFn: via<AdminAccount, AccessChange>(({ id, ...body }) => ({
        url: `/admin/admins/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      })),
      invalidatesTags: ['AdminAccounts', 'AdminAudit'],
    }),
    setAdminStatus: b.mutation<AdminAccount, AccountStatusChange>({
      queryFn: via<AdminAccount, AccountStatusChange>(({ id, ...body }) => ({
        url: `/admin/admins/${encodeURIComponent(id)}/status`,
        method: 'PATCH',
        body,
      })),
      invalidatesTags: ['AdminAccounts', 'AdminAudit'],
    }),
    sendAdminResetLink: b.mutation<ResetLinkSent, { id: string }>({
      queryFn: via<ResetLinkSent, { id: string }>(({ id }) => ({
        url: `/admin/admins/${encodeURIComponent(id)}/password-reset`,
        method: 'POST',
      })),
      invalidatesTags: ['AdminAudit'],
    }),
    /** Redeems a one-time reset link: needs no admin session. */
    resetAdminPassword: b.mutation<{ reset: true }, AdminPasswordReset>({
      queryFn: via<{ reset: true }, AdminPasswordReset>((body) => ({
        url: '/admin/password-reset',
        method: 'POST',
        body,
      })),
    }),
  }),
});

export const {
  useAdminLoginMutation,
  useAdminLogoutMutation,
  useAdminMemberRatingsQuery,
  useRemoveRatingMutation,
  useDashboardStatsQuery,
  useDeadLettersQuery,
  usePlatformMetricsQuery,
  useAdminUsersQuery,
  useSetUserStatusMutation,
  useAdminProductsQuery,
  useSetProductStatusMutation,
  useAdminSubscriptionsQuery,
  useCancelSubscriptionMutation,
  useLazyPaymentProviderQuery,
  useAdminReportsQuery,
  useAdminMemberReportsQuery,
  useResolveReportMutation,
  useAuditLogQuery,
  useAdminOrganisersQuery,
  useDecideOrganiserMutation,
  useAdminAccountsQuery,
  useChangeAdminAccessMutation,
  useSetAdminStatusMutation,
  useSendAdminResetLinkMutation,
  useResetAdminPasswordMutation,
} = adminApi;
