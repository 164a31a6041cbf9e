import { adminAreas, AppError, type AdminArea } from '@swapbooth/service-kit';

/** Roles of the admin console: `admin` and `executive` open every area, `staff` only its map's. */
export const adminRoles = ['admin', 'executive', 'staff'] as const;
export type AdminRole = (typeof adminRoles)[number];
export type AdminPermissions = Partial<Record<AdminArea, boolean>>;

/** An admin account: lives in the admin service only, never in auth. */
export interface AdminUser {
  id: string;
  email: string;
  passwordHash: string;
  role: AdminRole;
  permissions: AdminPermissions;
  /** Wrong passwords since the last success or lock. */
  failedAttempts: number;
  lockedUntil?: Date;
  lastSignInAt?: Date;
  /** A disabled admin cannot sign in, and its tokens are refused. */
  status: AdminStatus;
  /** Tokens issued at or before this time are refused (disabled, role changed, password reset). */
  sessionsValidAfter?: Date;
  /** The pending one-time reset link: only its hash is stored. */
  passwordReset?: { tokenHash: string; expiresAt: Date };
  createdAt: Date;
  version: number;
}

export const adminStatuses = ['active', 'disabled'] as const;
export type AdminStatus = (typeof adminStatuses)[number];

/** What the console and the token show of an admin. */
export interface AdminUserView {
  id: string;
  email: string;
  role: AdminRole;
  permissions: AdminPermissions;
}

export const viewOf = (u: AdminUser): AdminUserView => ({
  id: u.id,
  email: u.email,
  role: u.role,
  permissions: { ...u.permissions },
});

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Every area the account opens: all of them for `admin` and `executive`, else its map's. */
export function areasHeld(u: Pick<AdminUser, 'role' | 'permissions'>): AdminArea[] {
  if (u.role === 'admin' || u.role === 'executive') return [...adminAreas];
  return adminAreas.filter((a) => u.permissions[a] === true);
}

/** Whether a token issued at `issuedAt` (seconds) still speaks for the account. */
export function acceptsToken(u: AdminUser, issuedAt: number): boolean {
  if (u.status !== 'active') return false;
  if (!u.sessionsValidAfter) return true;
  return issuedAt > Math.floor(u.sessionsValidAfter.getTime() / 1000);
}

/** Parses `products,users` (or `all`) into a permission map; unknown areas are a 400. */
export function parsePermissions(list: string): AdminPermissions {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 1 && names[0] === 'all') {
    return Object.fromEntries(adminAreas.map((a) => [a, true])) as AdminPermissions;
  }
  const map: AdminPermissions = {};
  for (const n of names) {
    if (!(adminAreas as readonly string[]).includes(n)) {
      throw AppError.invalid(
        `permissions: unknown area '${n}'; areas are ${adminAreas.join(', ')}`,
        'permissions',
      );
    }
    map[n as AdminArea] = true;
  }
  return map;
}
