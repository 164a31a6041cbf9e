import { randomUUID } from 'node:crypto';
import { AppError } from '@swapbooth/service-kit';
import { normaliseEmail, viewOf, type AdminUser, type AdminUserView } from './admin-user';
import { auditActions } from './audit';
import type {
  AdminTokenIssuer,
  AdminUserRepository,
  AuditLog,
  Clock,
  PasswordHasher,
} from './ports';

export interface SignInDeps {
  adminUsers: AdminUserRepository;
  hasher: PasswordHasher;
  tokens: AdminTokenIssuer;
  audit: AuditLog;
  clock: Clock;
  lockAfterFailures: number;
  lockSeconds: number;
}

export interface SignedIn {
  adminToken: string;
  expiresAt: number;
  adminUser: AdminUserView;
}

const INVALID = 'Invalid email or password';
const MAX_ATTEMPTS = 20;

/**
 * An admin signs in with e-mail and password. Wrong passwords count up; the one that reaches the
 * limit locks the account for a while (429 with the wait). Every attempt on a known account, and
 * every refused e-mail, is written to the audit log.
 */
export async function signIn(
  deps: SignInDeps,
  emailInput: string,
  password: string,
  from?: string,
): Promise<SignedIn> {
  const email = normaliseEmail(emailInput);
  const details = from ? { ip: from } : undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const user = await deps.adminUsers.byEmail(email);
    if (!user) {
      await deps.hasher.verify(undefined, password);
      await deps.audit.append({
        adminId: 'unknown',
        adminEmail: email,
        action: auditActions.signInFailed,
        targetType: 'admin',
        targetId: email,
        outcome: 'failed',
        details: { ...details, why: 'unknown e-mail' },
      });
      throw AppError.unauthorized(INVALID);
    }
    const now = deps.clock.now();
    if (user.lockedUntil && user.lockedUntil > now) {
      const waitSeconds = Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 1000);
      await record(deps, user, auditActions.signInLocked, 'failed', { ...details, waitSeconds });
      throw AppError.rateLimited(lockedMessage(waitSeconds), waitSeconds);
    }
    const ok = await deps.hasher.verify(user.passwordHash, password);
    if (ok && user.status !== 'active') {
      // Told only to whoever knows the password: a stranger still sees the generic refusal.
      await record(deps, user, auditActions.signInFailed, 'failed', {
        ...details,
        why: 'account disabled',
      });
      throw AppError.forbidden('This admin account is disabled');
    }
    const next = ok ? succeeded(user, now) : failed(user, now, deps);
    if (!(await deps.adminUsers.replace(next, user.version))) continue;
    if (!ok) {
      const locked = next.lockedUntil !== undefined;
      await record(deps, user, auditActions.signInFailed, 'failed', {
        ...details,
        why: 'wrong password',
        ...(locked ? { lockedUntil: next.lockedUntil!.toISOString() } : {}),
      });
      if (locked) throw AppError.rateLimited(lockedMessage(deps.lockSeconds), deps.lockSeconds);
      throw AppError.unauthorized(INVALID);
    }
    const view = viewOf(next);
    const issued = deps.tokens.sign(view, next.sessionsValidAfter);
    await record(deps, user, auditActions.signIn, 'succeeded', details);
    return { adminToken: issued.token, expiresAt: issued.expiresAt, adminUser: view };
  }
  throw AppError.unavailable('Sign-in is busy; please try again');
}

function succeeded(user: AdminUser, now: Date): AdminUser {
  const next: AdminUser = {
    ...user,
    failedAttempts: 0,
    lastSignInAt: now,
    version: user.version + 1,
  };
  delete next.lockedUntil;
  return next;
}

function failed(user: AdminUser, now: Date, deps: SignInDeps): AdminUser {
  const failures = user.failedAttempts + 1;
  if (failures >= deps.lockAfterFailures) {
    return {
      ...user,
      failedAttempts: 0,
      lockedUntil: new Date(now.getTime() + deps.lockSeconds * 1000),
      version: user.version + 1,
    };
  }
  const next: AdminUser = { ...user, failedAttempts: failures, version: user.version + 1 };
  delete next.lockedUntil;
  return next;
}

const lockedMessage = (seconds: number) =>
  `Too many wrong passwords: this account is locked; try again in ${Math.ceil(seconds / 60)} minute(s)`;

function record(
  deps: SignInDeps,
  user: AdminUser,
  action: string,
  outcome: 'succeeded' | 'failed',
  details?: Record<string, unknown>,
) {
  return deps.audit.append({
    adminId: user.id,
    adminEmail: user.email,
    action,
    targetType: 'admin',
    targetId: user.id,
    outcome,
    ...(details ? { details } : {}),
  });
}

export interface CreateAdminDeps {
  adminUsers: AdminUserRepository;
  hasher: PasswordHasher;
  clock: Clock;
}

/** Creates an admin account (CLI and start-up bootstrap); a taken e-mail is a 409. */
export async function createAdmin(
  deps: CreateAdminDeps,
  input: Pick<AdminUser, 'email' | 'role' | 'permissions'> & { password: string },
): Promise<AdminUserView> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw AppError.invalid('email: must be an e-mail address', 'email');
  }
  if (input.password.length < 12) {
    throw AppError.invalid('password: must be at least 12 characters', 'password');
  }
  const user: AdminUser = {
    id: randomUUID(),
    email,
    passwordHash: await deps.hasher.hash(input.password),
    role: input.role,
    permissions: input.permissions,
    failedAttempts: 0,
    status: 'active',
    createdAt: deps.clock.now(),
    version: 0,
  };
  await deps.adminUsers.insert(user);
  return viewOf(user);
}
