import { z } from 'zod';
import { reportTargets } from './catalog';
import { productStatus } from '../events/catalog-events';
import type { adminEndpoints } from './admin';
import { organisersQuery } from './circles';
import type { EndpointRequest } from './common';

/**
 * The admin routes' requests (paging, filters, moderation bodies), as they parse them: the schemas
 * the routes import and the OpenAPI document describes.
 */

/** How an admin closes a report; the admin service's projection uses the same words. */
export const adminReportResolutions = ['dismissed', 'actioned'] as const;

/** What an audit entry can be about; the admin service's audit log uses the same words. */
export const adminAuditTargetTypes = [
  'admin',
  'user',
  'product',
  'subscription',
  'booth',
  'report',
  'rating',
  'dispute',
] as const;

export const adminPageQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(25),
});

export const adminIdParam = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'is too long')
  .regex(/^[\w-]+$/, 'must be an id');

export const adminReason = z.string().trim().min(1, 'must not be empty').max(500, 'is too long');

export const adminUsersQuery = adminPageQuery.extend({
  search: z.string().trim().max(100, 'is too long').optional(),
  status: z.enum(['active', 'suspended', 'deleted']).optional(),
});
export const memberStatusBody = z
  .strictObject({
    status: z.enum(['active', 'suspended'], { error: "must be 'active' or 'suspended'" }),
    reason: adminReason.optional(),
  })
  .refine((b) => b.status !== 'suspended' || !!b.reason, {
    message: 'is required to suspend a member',
    path: ['reason'],
  });

export const adminProductsQuery = adminPageQuery.extend({
  search: z.string().trim().max(100, 'is too long').optional(),
  status: productStatus.or(z.literal('deleted')).optional(),
  category: z.string().trim().max(100, 'is too long').optional(),
  seller: adminIdParam.optional(),
});
export const listingStatusBody = z
  .strictObject({
    status: z.enum(['published', 'hidden', 'removed'], {
      error: "must be 'published', 'hidden' or 'removed'",
    }),
    reason: adminReason.optional(),
  })
  .refine((b) => b.status === 'published' || !!b.reason, {
    message: 'is required to hide or remove a listing',
    path: ['reason'],
  });

export const adminSubscriptionsQuery = adminPageQuery.extend({
  status: z
    .string()
    .trim()
    .max(40, 'is too long')
    .regex(/^[a-z_]+$/, 'must be a status')
    .optional(),
  user: adminIdParam.optional(),
});
export const adminCancelSubscriptionBody = z.strictObject({ reason: adminReason.optional() });

export const adminReportsQuery = adminPageQuery.extend({
  status: z.enum(['open', ...adminReportResolutions]).optional(),
  target_type: z.enum(reportTargets).optional(),
});
/** GET /api/admin/reports/members: the reports of members, in one status or all. */
export const adminMemberReportsQuery = adminPageQuery.extend({
  status: z.enum(['open', ...adminReportResolutions]).optional(),
});
export const resolveReportBody = z.strictObject({
  resolution: z.enum(adminReportResolutions, { error: "must be 'dismissed' or 'actioned'" }),
  action_audit_id: adminIdParam.optional(),
  note: adminReason.optional(),
});

export const auditText = z.string().trim().min(1, 'must not be empty').max(200, 'is too long');
export const adminAuditQuery = adminPageQuery.extend({
  admin_id: auditText.optional(),
  action: auditText.optional(),
  target_type: z.enum(adminAuditTargetTypes).optional(),
  target_id: auditText.optional(),
  from: z.coerce.date({ error: 'must be a date' }).optional(),
  to: z.coerce.date({ error: 'must be a date' }).optional(),
});

/** The areas of the admin console (service-kit's `adminAreas`: a test keeps the two equal). */
export const adminAreaNames = [
  'dashboard',
  'users',
  'products',
  'subscriptions',
  'reports',
  'audit',
  'disputes',
  'platform',
] as const;
export const adminRoleNames = ['admin', 'executive', 'staff'] as const;

/** An admin's areas: `true` grants one, `false` or absent does not; an unknown name is a 400. */
export const adminPermissionsMap = z.strictObject(
  Object.fromEntries(adminAreaNames.map((a) => [a, z.boolean().optional()])) as Record<
    (typeof adminAreaNames)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.map((k) => `'${k}'`).join(', ')} is not an area; areas are ${adminAreaNames.join(', ')}`
        : undefined,
  },
);

/** PATCH /api/admin/admins/{id}: a new role, new areas, or both. */
export const adminAccessBody = z
  .strictObject({
    role: z.enum(adminRoleNames, { error: "must be 'admin', 'executive' or 'staff'" }).optional(),
    permissions: adminPermissionsMap.optional(),
  })
  .refine((b) => b.role !== undefined || b.permissions !== undefined, {
    message: 'give a role, permissions or both',
    path: ['role'],
  });

/** PATCH /api/admin/admins/{id}/status. */
export const adminAccountStatusBody = z.strictObject({
  status: z.enum(['active', 'disabled'], { error: "must be 'active' or 'disabled'" }),
  reason: adminReason.optional(),
});

/** POST /api/admin/password-reset: the link's token and the new password. */
export const adminPasswordResetBody = z.strictObject({
  token: z.string().trim().min(1, 'is required').max(200, 'is too long'),
  password: z
    .string({ error: 'is required' })
    .min(12, 'must be at least 12 characters')
    .max(256, 'is too long'),
});

const byId = z.object({ id: adminIdParam });

/** The request schemas of the admin endpoints (beside `adminEndpoints`). */
export const adminRequests: Partial<Record<keyof typeof adminEndpoints, EndpointRequest>> = {
  'GET /api/admin/users': { query: adminUsersQuery },
  'PATCH /api/admin/users/{id}/status': { params: byId, body: memberStatusBody },
  'GET /api/admin/products': { query: adminProductsQuery },
  'PATCH /api/admin/products/{id}/status': { params: byId, body: listingStatusBody },
  'GET /api/admin/subscriptions': { query: adminSubscriptionsQuery },
  'PATCH /api/admin/subscriptions/{id}/cancel': {
    params: byId,
    body: adminCancelSubscriptionBody.optional(),
  },
  'GET /api/admin/reports': { query: adminReportsQuery },
  'GET /api/admin/reports/members': { query: adminMemberReportsQuery },
  'PATCH /api/admin/reports/{id}': { params: byId, body: resolveReportBody },
  'GET /api/admin/audit': { query: adminAuditQuery },
  'GET /api/admin/organisers': { query: organisersQuery },
  'PATCH /api/admin/admins/{id}': { params: byId, body: adminAccessBody },
  'PATCH /api/admin/admins/{id}/status': { params: byId, body: adminAccountStatusBody },
  'POST /api/admin/admins/{id}/password-reset': { params: byId },
  'POST /api/admin/password-reset': { body: adminPasswordResetBody },
};
