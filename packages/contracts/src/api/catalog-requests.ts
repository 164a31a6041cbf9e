import { z } from 'zod';
import { boothStatuses, catalogEndpoints, reportReasons, reportTargets } from './catalog';
import type { EndpointRequest } from './common';

/**
 * The catalog routes' requests (reports, booths, paging and path ids), as they parse them: the
 * schemas the routes import and the OpenAPI document describes.
 */

export const catalogPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** Path ids: bounded, printable, no slashes. */
export const catalogIdParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');

/** Statuses an owner may set; `suspended` is an admin's decision. */
export const ownerBoothStatuses = [
  'active',
  'inactive',
  'on_vacation',
  'closed',
] as const satisfies ReadonlyArray<(typeof boothStatuses)[number]>;

/** POST /api/reports. */
export const reportBody = z.object({
  targetType: z.enum(reportTargets, { error: `must be one of ${reportTargets.join(', ')}` }),
  targetId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(128),
  reason: z.enum(reportReasons, { error: `must be one of ${reportReasons.join(', ')}` }),
  details: z.string().max(2000, 'at most 2000 characters').optional(),
});

const interests = z
  .array(z.string().trim().min(1).max(40, 'at most 40 characters'))
  .max(20, 'at most 20 interests');

/** POST /api/booth; `user_id` must be the caller's. */
export const createBoothBody = z.object({
  name: z.string({ error: 'is required' }).max(200),
  description: z.string().max(1000, 'at most 1000 characters').optional(),
  interests: interests.optional(),
  user_id: z.unknown().optional(),
  username: z.string({ error: 'is required' }).trim().max(200),
  address_id: z.string().trim().max(64).optional(),
});

/** PUT /api/booth/{id}: only these fields; `suspended` is not an owner's choice. */
export const updateBoothBody = z.object({
  name: z.string().max(200).optional(),
  description: z.string().max(1000, 'at most 1000 characters').optional(),
  interests: interests.optional(),
  status: z
    .enum(ownerBoothStatuses, { error: `must be one of ${ownerBoothStatuses.join(', ')}` })
    .optional(),
});

const ids = <K extends string>(...names: K[]) =>
  z.object(
    Object.fromEntries(names.map((n) => [n, catalogIdParam])) as Record<K, typeof catalogIdParam>,
  );

/** The request schemas of the catalog endpoints (beside `catalogEndpoints`). */
export const catalogRequests: Partial<Record<keyof typeof catalogEndpoints, EndpointRequest>> = {
  'GET /api/product/published': { query: catalogPageQuery },
  'GET /api/product/published-by-user/{userId}': { params: ids('userId'), query: catalogPageQuery },
  'GET /api/product/count/user/{userId}': { params: ids('userId') },
  'GET /api/product/slug/{slug}': { params: ids('slug') },
  'GET /api/product/booth/{username}': { params: ids('username'), query: catalogPageQuery },
  'GET /api/profile/user/{userId}/products': { params: ids('userId'), query: catalogPageQuery },
  'GET /api/product/{id}': { params: ids('id') },
  'PUT /api/product/{id}': { params: ids('id') },
  'POST /api/product/{id}/like/{userId}': { params: ids('id', 'userId') },
  'DELETE /api/product/{id}/unlike/{userId}': { params: ids('id', 'userId') },
  'POST /api/product/{id}/add-to-bag/{userId}': { params: ids('id', 'userId') },
  'POST /api/booth': { body: createBoothBody },
  'PUT /api/booth/{id}': { params: ids('id'), body: updateBoothBody },
  'POST /api/reports': { body: reportBody },
};
