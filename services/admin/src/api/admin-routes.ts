import { Router, type RequestHandler } from 'express';
import {
  handle,
  requireAuth,
  requirePermission,
  type AdminArea,
  type TokenVerifierOptions,
} from '@swapbooth/service-kit';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Handler = Parameters<typeof handle>[0];

/** Marks the guard a route was registered with, so the route table can be checked. */
export const AREA_OF_GUARD = Symbol('admin area');
type TaggedGuard = RequestHandler & { [AREA_OF_GUARD]?: AdminArea };

/** The only admin routes that need no permission: signing in and out, and the bare health status. */
export const openAdminRoutes = [
  { method: 'post', path: '/api/admin/login' },
  { method: 'get', path: '/api/admin/health' },
  /** Ends the presented admin session (if any); reveals nothing and changes nothing else. */
  { method: 'post', path: '/api/admin/logout' },
] as const;

/**
 * Deny by default: an admin route can only be added by naming the area it needs, and it gets the
 * admin-token check and the permission guard before its handler. The two open routes are named
 * in `openAdminRoutes` and nowhere else.
 */
export class AdminRoutes {
  readonly router = Router();

  constructor(private readonly adminTokens: TokenVerifierOptions) {}

  add(method: Method, path: string, area: AdminArea, handler: Handler): this {
    const guard: TaggedGuard = requirePermission(area);
    guard[AREA_OF_GUARD] = area;
    this.router[method](path, requireAuth(this.adminTokens), guard, handle(handler));
    return this;
  }

  open(route: (typeof openAdminRoutes)[number], ...handlers: RequestHandler[]): this {
    this.router[route.method](route.path, ...handlers);
    return this;
  }
}

/** The area a route's handlers declare (undefined when none does). */
export function declaredArea(handlers: RequestHandler[]): AdminArea | undefined {
  return handlers.map((h) => (h as TaggedGuard)[AREA_OF_GUARD]).find(Boolean);
}
