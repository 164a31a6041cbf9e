import { Router, type RequestHandler } from 'express';
import {
  AppError,
  handle,
  requireAuth,
  requirePermission,
  type AdminArea,
  type TokenVerifierOptions,
} from '@swapbooth/service-kit';
import { acceptsToken } from '../domain/admin-user';
import type { AdminUserRepository } from '../domain/ports';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Handler = Parameters<typeof handle>[0];

/** What a guarded route needs: an area of the console, or the executive role (managing admins). */
export type AdminRequirement = AdminArea | 'executive';

/** Marks the guard a route was registered with, so the route table can be checked. */
export const AREA_OF_GUARD = Symbol('admin area');
type TaggedGuard = RequestHandler & { [AREA_OF_GUARD]?: AdminRequirement };

/** The only admin routes that need no permission: signing in and out, and the bare health status. */
export const openAdminRoutes = [
  { method: 'post', path: '/api/admin/login' },
  { method: 'get', path: '/api/admin/health' },
  /** Ends the presented admin session (if any); reveals nothing and changes nothing else. */
  { method: 'post', path: '/api/admin/logout' },
  /** Redeems a one-time reset link: the link's secret is the credential. */
  { method: 'post', path: '/api/admin/password-reset' },
] as const;

/**
 * The token's account as the admin service holds it now: a disabled admin, or a token issued
 * before the admin's sessions were ended (role changed, password reset), is refused at once; the
 * role and areas checked next are the account's current ones, not the token's claims.
 */
function currentAccount(accounts: Pick<AdminUserRepository, 'byId'>): RequestHandler {
  return (req, _res, next) => {
    const p = req.principal;
    if (!p) return next(AppError.unauthorized());
    accounts.byId(p.userId).then((account) => {
      if (!account || !acceptsToken(account, p.issuedAt)) {
        return next(AppError.unauthorized('Session has ended; please sign in again'));
      }
      p.role = account.role;
      p.permissions = { ...account.permissions };
      next();
    }, next);
  };
}

/** Only an executive passes; anyone else with an admin token is 403. */
function requireExecutive(): RequestHandler {
  return (req, _res, next) => {
    if (!req.principal) return next(AppError.unauthorized());
    if (req.principal.kind !== 'admin' || req.principal.role !== 'executive') {
      return next(AppError.forbidden('Only an executive can manage admins'));
    }
    next();
  };
}

/**
 * Deny by default: an admin route can only be added by naming the area it needs, and it gets the
 * admin-token check, the account check and the permission guard before its handler. The open routes are named
 * in `openAdminRoutes` and nowhere else.
 */
export class AdminRoutes {
  readonly router = Router();

  constructor(
    private readonly adminTokens: TokenVerifierOptions,
    private readonly accounts: Pick<AdminUserRepository, 'byId'>,
  ) {}

  add(method: Method, path: string, needs: AdminRequirement, handler: Handler): this {
    const guard: TaggedGuard =
      needs === 'executive' ? requireExecutive() : requirePermission(needs);
    guard[AREA_OF_GUARD] = needs;
    this.router[method](
      path,
      requireAuth(this.adminTokens),
      currentAccount(this.accounts),
      guard,
      handle(handler),
    );
    return this;
  }

  open(route: (typeof openAdminRoutes)[number], ...handlers: RequestHandler[]): this {
    this.router[route.method](route.path, ...handlers);
    return this;
  }
}

/** The area a route's handlers declare (undefined when none does). */
export function declaredArea(handlers: RequestHandler[]): AdminRequirement | undefined {
  return handlers.map((h) => (h as TaggedGuard)[AREA_OF_GUARD]).find(Boolean);
}
