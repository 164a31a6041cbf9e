import type { RequestHandler } from 'express';
import { AppError } from './errors';
import type { Principal } from './jwt';

/**
 * The areas of the admin console. An admin token carries a `permissions` map over these; roles
 * `admin` and `executive` have every area; any other role has exactly the areas its map grants.
 */
export const adminAreas = [
  'dashboard',
  'users',
  'products',
  'subscriptions',
  'reports',
  'audit',
  'disputes',
  'platform',
] as const;
export type AdminArea = (typeof adminAreas)[number];

const ALL_AREAS_ROLES = new Set(['admin', 'executive']);

/** Deny by default: true only for an admin principal whose role or map grants the area. */
export function mayAccess(p: Principal | undefined, area: AdminArea): boolean {
  if (!p || p.kind !== 'admin') return false;
  if (p.role && ALL_AREAS_ROLES.has(p.role)) return true;
  return p.permissions?.[area] === true;
}

/**
 * Route guard for admin calls: put it after `requireAuth(ctx.adminTokens)`. A caller without a
 * verified admin token is 401; an admin without the area is 403 naming the permission.
 */
export function requirePermission(area: AdminArea): RequestHandler {
  return (req, _res, next) => {
    if (!req.principal) return next(AppError.unauthorized());
    if (!mayAccess(req.principal, area)) {
      return next(AppError.forbidden(`This needs the ${area} permission`));
    }
    next();
  };
}
