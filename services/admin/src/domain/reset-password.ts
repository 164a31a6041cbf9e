import { AppError } from '@swapbooth/service-kit';
import type { AdminUser } from './admin-user';
import { auditActions } from './audit';
import { hashResetToken } from './manage-admins';
import type { AdminUserRepository, AuditLog, Clock, PasswordHasher, SessionRevoker } from './ports';

export interface ResetPasswordDeps {
  adminUsers: AdminUserRepository;
  hasher: PasswordHasher;
  audit: AuditLog;
  sessions: SessionRevoker;
  clock: Clock;
}

export const MIN_ADMIN_PASSWORD = 12;

const invalidLink = () =>
  AppError.invalid(
    'token: this reset link is invalid, expired or already used; ask an executive for a new one',
    'token',
  );

/**
 * An admin chooses a new password with the one-time link an executive had e-mailed: the link is
 * used up, the lock and failed attempts are cleared, and every session of the admin ends. The
 * audit log names the admin itself as the actor.
 */
export async function resetPassword(
  deps: ResetPasswordDeps,
  token: string,
  password: string,
): Promise<void> {
  if (password.length < MIN_ADMIN_PASSWORD) {
    throw AppError.invalid(
      `password: must be at least ${MIN_ADMIN_PASSWORD} characters`,
      'password',
    );
  }
  const tokenHash = hashResetToken(token);
  const passwordHash = await deps.hasher.hash(password);
  for (let attempt = 0; attempt < 20; attempt++) {
    const user = await deps.adminUsers.byResetTokenHash(tokenHash);
    const now = deps.clock.now();
    if (!user || !user.passwordReset || user.passwordReset.expiresAt <= now) throw invalidLink();
    if (user.status !== 'active') throw AppError.forbidden('This admin account is disabled');
    const next: AdminUser = {
      ...user,
      passwordHash,
      failedAttempts: 0,
      sessionsValidAfter: now,
      version: user.version + 1,
    };
    delete next.passwordReset;
    delete next.lockedUntil;
    // Guarded by the version read: of two redemptions of one link, one writes and one is refused.
    if (!(await deps.adminUsers.replace(next, user.version))) continue;
    await deps.sessions.revokeAll(user.id, now);
    await deps.audit.append({
      adminId: user.id,
      adminEmail: user.email,
      action: auditActions.adminPasswordReset,
      targetType: 'admin',
      targetId: user.id,
      outcome: 'succeeded',
    });
    return;
  }
  throw AppError.unavailable('This admin is being changed concurrently; please try again');
}
