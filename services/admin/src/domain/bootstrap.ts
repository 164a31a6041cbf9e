import { AppError } from '@swapbooth/service-kit';
import { adminRoles, parsePermissions, type AdminRole } from './admin-user';
import { createAdmin, type CreateAdminDeps } from './sign-in';

export interface SeedAccount {
  email: string;
  password: string;
  role: AdminRole;
  permissions: string;
}

/** Parses `email|password|role|area,area;…` (the ADMIN_SEED_ACCOUNTS setting). */
export function parseSeedAccounts(setting: string | undefined): SeedAccount[] {
  if (!setting) return [];
  return setting
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [email, password, role, permissions = ''] = entry.split('|');
      if (!email || !password || !role || !(adminRoles as readonly string[]).includes(role)) {
        throw new Error(`ADMIN_SEED_ACCOUNTS: '${email ?? entry}' needs email|password|role|areas`);
      }
      return { email, password, role: role as AdminRole, permissions };
    });
}

/** Creates the configured accounts that do not exist yet; existing ones are left alone. */
export async function ensureSeedAccounts(
  deps: CreateAdminDeps,
  accounts: SeedAccount[],
): Promise<string[]> {
  const created: string[] = [];
  for (const a of accounts) {
    if (await deps.adminUsers.byEmail(a.email.trim().toLowerCase())) continue;
    try {
      await createAdmin(deps, { ...a, permissions: parsePermissions(a.permissions) });
      created.push(a.email);
    } catch (err) {
      // Another replica created it first.
      if (!(err instanceof AppError && err.code === 'conflict')) throw err;
    }
  }
  return created;
}
