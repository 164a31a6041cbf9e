/**
 * The admin session (SPEC §3, §4, §5): `adminToken` and `adminUser` in local storage. It is valid
 * only with both present and the token unexpired; an expired one is cleared with the toast
 * 'Session expired. Please login again.'.
 */
export const AdminStorageKeys = { token: 'adminToken', user: 'adminUser' } as const;

export const AdminMessages = {
  sessionExpired: 'Session expired. Please login again.',
  noPermission: "You don't have permission to access this page.",
} as const;

export const adminAreas = [
  'dashboard',
  'users',
  'products',
  'subscriptions',
  'reports',
  'disputes',
  'audit',
  'platform',
  'organisers',
  'admins',
] as const;
export type AdminArea = (typeof adminAreas)[number];

/** The permission each area needs, when it is not the area's own name. */
const areaPermissions: Partial<Record<AdminArea, string>> = {
  // Approving math-trade organisers is managing members.
  organisers: 'users',
};

export interface AdminUser {
  id: string;
  email: string;
  role: string;
  permissions: Partial<Record<string, boolean>>;
}

export type AdminSessionState =
  | { status: 'valid'; token: string; user: AdminUser; expiresAt: number }
  | { status: 'missing' }
  | { status: 'expired' };

const read = (key: string) => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function expiryOf(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const base64 = parts[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function parseUser(raw: string | null): AdminUser | undefined {
  if (!raw) return undefined;
  try {
    const u = JSON.parse(raw) as Partial<AdminUser>;
    if (typeof u.id !== 'string' || typeof u.role !== 'string') return undefined;
    return {
      id: u.id,
      email: typeof u.email === 'string' ? u.email : '',
      role: u.role,
      permissions: u.permissions && typeof u.permissions === 'object' ? u.permissions : {},
    };
  } catch {
    return undefined;
  }
}

export const adminSession = {
  /** The session as stored now; `expired` when the token's `exp` has passed. */
  check(now = Date.now()): AdminSessionState {
    const token = read(AdminStorageKeys.token);
    const user = parseUser(read(AdminStorageKeys.user));
    if (!token || !user) return { status: 'missing' };
    const expiresAt = expiryOf(token);
    if (expiresAt === undefined) return { status: 'missing' };
    if (expiresAt <= now) return { status: 'expired' };
    return { status: 'valid', token, user, expiresAt };
  },
  save(token: string, user: AdminUser): void {
    try {
      window.localStorage.setItem(AdminStorageKeys.token, token);
      window.localStorage.setItem(AdminStorageKeys.user, JSON.stringify(user));
    } catch {
      /* storage unavailable */
    }
    notify();
  },
  clear(): void {
    try {
      window.localStorage.removeItem(AdminStorageKeys.token);
      window.localStorage.removeItem(AdminStorageKeys.user);
    } catch {
      /* nothing to remove */
    }
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A value that changes whenever the stored session does (for useSyncExternalStore). */
  snapshot(): string {
    return `${read(AdminStorageKeys.token) ?? ''}|${read(AdminStorageKeys.user) ?? ''}`;
  },
};

/** SPEC §5: role admin or executive opens every page; anyone else needs the map's entry. */
export function mayOpen(user: AdminUser | undefined, area: AdminArea): boolean {
  if (!user) return false;
  // Managing admins is the executive's alone: no area of the map grants it.
  if (area === 'admins') return user.role === 'executive';
  if (user.role === 'admin' || user.role === 'executive') return true;
  return user.permissions[areaPermissions[area] ?? area] === true;
}

export const areaLabels: Record<AdminArea, string> = {
  dashboard: 'Dashboard',
  users: 'Users',
  products: 'Products',
  subscriptions: 'Subscriptions',
  reports: 'Reports',
  disputes: 'Disputes',
  audit: 'Audit log',
  platform: 'Platform',
  organisers: 'Organisers',
  admins: 'Admins',
};
