import { z } from 'zod';
import {
  organiserDecisionBody,
  organiserRequestListResponse,
  organiserRequestResponse,
} from './circles';
import { noData, pageFacts, type EndpointContracts } from './common';
import { userRatingsResponse } from './exchange';
import { removeRatingBody } from './exchange-requests';

/**
 * The admin service's calls (SPEC §7 admin): sign-in, the dashboard, and members, listings,
 * subscriptions and reports from its projection, each moderated through the owning service; every
 * action is in the audit log. Every call but sign-in, sign-out and health needs an admin token
 * with the permission of its area.
 */

const adminId = z.object({ id: z.string() });

/** POST /api/admin/login. */
export const adminLoginBody = z.object({
  email: z.string().trim().min(1, 'is required').max(254, 'is too long'),
  password: z.string().min(1, 'is required').max(256, 'is too long'),
});
const page = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.strictObject({
    [key]: z.array(item),
    totalCount: z.number().int().nonnegative(),
    ...pageFacts,
  } as {
    [P in K]: z.ZodArray<T>;
  } & { totalCount: z.ZodNumber } & typeof pageFacts);

export const adminMemberResponse = z.strictObject({
  user_id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  status: z.string(),
  is_verified: z.boolean(),
  registered_at: z.string().nullable(),
});

export const adminListingResponse = z.strictObject({
  product_id: z.string(),
  title: z.string(),
  category: z.string(),
  type: z.string().nullable(),
  status: z.string(),
  seller_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const adminSubscriptionResponse = z.strictObject({
  user_id: z.string(),
  subscription_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  status: z.string(),
  current_period_end: z.string().nullable(),
  updated_at: z.string(),
});

export const adminReportResponse = z.strictObject({
  report_id: z.string(),
  reporter_id: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  reason: z.string(),
  status: z.string(),
  filed_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  action_audit_id: z.string().nullable(),
  note: z.string().nullable(),
});

/** A report of a member, with the member as the projection knows them (null if not yet heard of). */
export const adminMemberReportResponse = adminReportResponse.extend({
  member: adminMemberResponse.nullable(),
  /** How many reports about this member are still open (this one included when open). */
  open_reports_on_member: z.number().int().nonnegative(),
});

export const auditEntryResponse = z.strictObject({
  audit_id: z.string(),
  at: z.string(),
  admin_id: z.string(),
  admin_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  outcome: z.string(),
  details: z.unknown(),
});

/** An admin account as an executive sees it (never its password or reset link). */
export const adminAccountResponse = z.strictObject({
  admin_id: z.string(),
  email: z.string(),
  role: z.string(),
  permissions: z.record(z.string(), z.boolean()),
  status: z.enum(['active', 'disabled']),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type AdminAccountResponse = z.infer<typeof adminAccountResponse>;

/**
 * One service on the Platform page: its request rate (per second), error rate (share of 5xx) and
 * p95 latency over the window, and the same per sample interval for the charts (null where the
 * service could not be read or answered nothing).
 */
export const platformServiceResponse = z.strictObject({
  service: z.string(),
  up: z.boolean(),
  error: z.string().nullable(),
  requestRate: z.number().nullable(),
  errorRate: z.number().nullable(),
  p95Seconds: z.number().nullable(),
  series: z.strictObject({
    requestRate: z.array(z.number().nullable()),
    errorRate: z.array(z.number().nullable()),
    p95Seconds: z.array(z.number().nullable()),
  }),
});

/** One topic on the Platform page: what its consumers still have to read, and what waits to go out. */
export const platformTopicResponse = z.strictObject({
  topic: z.string(),
  consumerLag: z.number().nonnegative(),
  lagByGroup: z.record(z.string(), z.number().nonnegative()),
  outboxPending: z.number().nonnegative(),
  oldestPendingSeconds: z.number().nonnegative(),
  deadLettered: z.number().int().nonnegative(),
});

export const platformMetricsResponse = z.strictObject({
  generatedAt: z.string(),
  sampleEverySeconds: z.number().positive(),
  windowSeconds: z.number().positive(),
  /** The end of each chart interval, oldest first (every series has one value per time). */
  times: z.array(z.string()),
  services: z.array(platformServiceResponse),
  topics: z.array(platformTopicResponse),
  streamConnections: z.number().nonnegative(),
  streamSeries: z.array(z.number().nullable()),
  deadLettered: z.number().int().nonnegative(),
});
export type PlatformMetricsResponse = z.infer<typeof platformMetricsResponse>;

/** A moderation's outcome as the owning service reported it (its fields vary by action). */
const moderationResult = z.looseObject({});

export const adminEndpoints = {
  'POST /api/admin/login': {
    data: z.looseObject({
      adminToken: z.string(),
      adminUser: z.looseObject({ id: z.string(), email: z.string(), role: z.string() }),
    }),
    body: adminLoginBody,
    summary: 'Admin sign-in',
  },
  'POST /api/admin/logout': {
    data: z.strictObject({ signedOut: z.literal(true) }),
    summary: 'Admin sign-out',
  },
  'GET /api/admin/health': {
    data: noData,
    // Only the overall status without an admin token; each service's checks with one.
    answer: z.looseObject({ success: z.literal(true), status: z.enum(['ok', 'degraded', 'down']) }),
    summary: 'Platform health',
  },
  'GET /api/admin/dashboard/stats': { data: z.looseObject({}), summary: 'Dashboard figures' },
  'GET /api/admin/dashboard/dead-letters': {
    data: z.strictObject({
      topics: z.array(
        z.strictObject({ topic: z.string(), deadLettered: z.number().int().nonnegative() }),
      ),
      total: z.number().int().nonnegative(),
      generatedAt: z.string(),
    }),
    summary: 'Events each topic’s dead-letter topic holds',
  },
  'GET /api/admin/platform': {
    data: platformMetricsResponse,
    summary: 'Request, error and latency rates per service, consumer lag, outbox and dead letters',
  },
  'GET /api/admin/users': { data: page('users', adminMemberResponse), summary: 'Members' },
  'PATCH /api/admin/users/{id}/status': {
    data: moderationResult,
    params: adminId,
    summary: 'Suspend or reinstate a member',
  },
  'GET /api/admin/products': { data: page('products', adminListingResponse), summary: 'Listings' },
  'PATCH /api/admin/products/{id}/status': {
    data: moderationResult,
    params: adminId,
    summary: 'Hide, remove or republish a listing',
  },
  'GET /api/admin/subscriptions': {
    data: page('subscriptions', adminSubscriptionResponse),
    summary: 'Subscriptions',
  },
  'PATCH /api/admin/subscriptions/{id}/cancel': {
    data: moderationResult,
    params: adminId,
    summary: 'Cancel a member’s subscription',
  },
  'GET /api/admin/test-stripe': { data: moderationResult, summary: 'Payment provider status' },
  'GET /api/admin/reports': { data: page('reports', adminReportResponse), summary: 'Reports' },
  'GET /api/admin/reports/members': {
    data: page('reports', adminMemberReportResponse),
    summary: 'Reports of members',
  },
  'PATCH /api/admin/reports/{id}': {
    data: z.strictObject({
      report: adminReportResponse,
      catalog_synced: z.boolean(),
      audit_id: z.string().nullable(),
    }),
    params: adminId,
    summary: 'Dismiss or action a report',
  },
  // Ratings that break the rules, moderated under the reports area (exchange's rating schemas).
  'GET /api/admin/ratings/user/{userId}': {
    data: userRatingsResponse,
    params: z.object({ userId: z.string() }),
    summary: 'A member’s shown ratings, for moderation',
  },
  'DELETE /api/admin/ratings/{id}': {
    data: z.strictObject({
      rating_id: z.string(),
      status: z.literal('removed'),
      rated_user_id: z.string(),
      rater_id: z.string(),
      removed_at: z.string(),
      audit_id: z.string(),
    }),
    params: adminId,
    body: removeRatingBody,
    summary: 'Remove a rating that breaks the rules',
  },
  // Math-trade organisers (the schemas are the circles contract's).
  'GET /api/admin/organisers': {
    data: organiserRequestListResponse,
    summary: 'Members who asked to organise math trades',
  },
  'PUT /api/admin/organisers/{userId}': {
    data: organiserRequestResponse,
    params: z.object({ userId: z.string() }),
    body: organiserDecisionBody,
    summary: 'Approve or refuse an organiser',
  },
  'GET /api/admin/audit': { data: page('entries', auditEntryResponse), summary: 'Audit log' },
  // Admins who manage admins: executives only.
  'GET /api/admin/admins': {
    data: z.strictObject({ admins: z.array(adminAccountResponse) }),
    summary: 'Admin accounts (executives only)',
  },
  'PATCH /api/admin/admins/{id}': {
    data: adminAccountResponse,
    params: adminId,
    summary: 'Change an admin’s role and areas (executives only; ends its sessions)',
  },
  'PATCH /api/admin/admins/{id}/status': {
    data: adminAccountResponse,
    params: adminId,
    summary: 'Disable or re-enable an admin (executives only; disabling ends its sessions)',
  },
  'POST /api/admin/admins/{id}/password-reset': {
    data: z.strictObject({
      admin_id: z.string(),
      expires_at: z.string(),
      audit_id: z.string(),
    }),
    params: adminId,
    summary: 'E-mail an admin a one-time password-reset link (executives only)',
  },
  'POST /api/admin/password-reset': {
    data: z.strictObject({ reset: z.literal(true) }),
    summary: 'Choose a new admin password with a one-time reset link',
  },
} satisfies EndpointContracts;
