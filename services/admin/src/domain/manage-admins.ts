import { createHash, randomBytes } from 'node:crypto';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import { AppError, type AdminArea } from '@swapbooth/service-kit';
import {
  areasHeld,
  type AdminPermissions,
  type AdminRole,
  type AdminStatus,
  type AdminUser,
} from './admin-user';
import { auditActions, type AuditEntry } from './audit';
import type { AdminUserRepository, AuditLog, Clock, SessionRevoker } from './ports';

export interface ManageAdminsDeps {
  adminUsers: AdminUserRepository;
  audit: AuditLog;
  sessions: SessionRevoker;
  clock: Clock;
  /** Where the web app answers: reset links point at its /admin/reset-password page. */
  appUrl: string;
  resetLinkTtlSeconds: number;
}

/** The executive acting, as the admin service's own record has it (never the token's claims). */
export type Executive = Pick<AdminUser, 'id' | 'email' | 'role' | 'permissions' | 'status'>;

export interface AccessChange {
  role?: AdminRole;
  permissions?: AdminPermissions;
}

const MAX_ATTEMPTS = 20;

const accessOf = (u: AdminUser) => ({ role: u.role, permissions: { ...u.permissions } });
const isActiveExecutive = (u: Pick<AdminUser, 'role' | 'status'>) =>
  u.role === 'executive' && u.status === 'active';

/** Only an active executive manages admins; the route guard says so too, this is the rule itself. */
function assertExecutive(actor: Executive) {
  if (!isActiveExecutive(actor)) throw AppError.forbidden('Only an executive can manage admins');
}

/** The areas `change` would give that the actor does not hold itself (a role grants all of them). */
export function areasBeyond(
  actor: Pick<AdminUser, 'role' | 'permissions'>,
  next: Pick<AdminUser, 'role' | 'permissions'>,
): AdminArea[] {
  const held = new Set(areasHeld(actor));
  return areasHeld(next).filter((a) => !held.has(a));
}

async function target(deps: ManageAdminsDeps, id: string): Promise<AdminUser> {
  const found = await deps.adminUsers.byId(id);
  if (!found) throw AppError.notFound('No admin with this id');
  return found;
}

function record(
  deps: ManageAdminsDeps,
  actor: Executive,
  entry: Pick<AuditEntry, 'action' | 'targetId' | 'before' | 'after' | 'reason' | 'details'> & {
    outcome?: AuditEntry['outcome'];
  },
  events?: readonly DomainEvent[],
) {
  return deps.audit.append(
    {
      adminId: actor.id,
      adminEmail: actor.email,
      targetType: 'admin',
      outcome: 'succeeded',
      ...entry,
    },
    events,
  );
}

/** Refusals are in the audit log too, with what was asked and why it was refused. */
async function refused(
  deps: ManageAdminsDeps,
  actor: Executive,
  what: { action: string; targetId: string; requested: unknown; reason?: string },
  err: AppError,
): Promise<never> {
  await record(deps, actor, {
    action: what.action,
    targetId: what.targetId,
    after: what.requested,
    ...(what.reason ? { reason: what.reason } : {}),
    outcome: 'failed',
    details: { error: err.message, code: err.code },
  });
  throw err;
}

const lastExecutive = () =>
  AppError.conflict('This is the last active executive: make another admin an executive first');

/**
 * Writes `next` over `current` unless that leaves no active executive. The count before the write
 * answers the plain case; the count after it catches two executives demoting each other at once:
 * whoever finds none left puts its account back and is refused, so one executive always remains.
 */
async function replaceKeepingAnExecutive(
  deps: ManageAdminsDeps,
  current: AdminUser,
  next: AdminUser,
): Promise<'written' | 'stale'> {
  const demotes = isActiveExecutive(current) && !isActiveExecutive(next);
  if (demotes && (await deps.adminUsers.countActiveExecutives()) <= 1) throw lastExecutive();
  if (!(await deps.adminUsers.replace(next, current.version))) return 'stale';
  if (demotes && (await deps.adminUsers.countActiveExecutives()) === 0) {
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const fresh = await deps.adminUsers.byId(current.id);
      if (!fresh || isActiveExecutive(fresh)) throw lastExecutive();
      // Only the executive standing (and the sessions it had) is put back.
      const back: AdminUser = { ...fresh, role: current.role, status: current.status };
      if (current.sessionsValidAfter) back.sessionsValidAfter = current.sessionsValidAfter;
      else delete back.sessionsValidAfter;
      back.version = fresh.version + 1;
      if (await deps.adminUsers.replace(back, fresh.version)) throw lastExecutive();
    }
    throw AppError.unavailable('Admins are being changed concurrently; please try again');
  }
  return 'written';
}

/** Every admin account, oldest first. */
export async function listAdmins(deps: Pick<ManageAdminsDeps, 'adminUsers'>, actor: Executive) {
  assertExecutive(actor);
  return deps.adminUsers.list();
}

/**
 * Sets an admin's role and areas. Never grants an area the executive does not hold, never leaves
 * no active executive; the admin's sessions end, so its next token carries what it may now do.
 */
export async function changeAccess(
  deps: ManageAdminsDeps,
  actor: Executive,
  id: string,
  change: AccessChange,
): Promise<AdminUser> {
  assertExecutive(actor);
  const action = auditActions.adminAccess;
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const current = await target(deps, id);
    const now = deps.clock.now();
    const next: AdminUser = {
      ...current,
      role: change.role ?? current.role,
      permissions: change.permissions ?? current.permissions,
      sessionsValidAfter: now,
      version: current.version + 1,
    };
    const beyond = areasBeyond(actor, next);
    if (beyond.length > 0) {
      await refused(
        deps,
        actor,
        { action, targetId: id, requested: change },
        AppError.forbidden(
          `You cannot grant the ${beyond.join(', ')} area${beyond.length > 1 ? 's' : ''}: you do not hold ${beyond.length > 1 ? 'them' : 'it'}`,
        ),
      );
    }
    let written: 'written' | 'stale';
    try {
      written = await replaceKeepingAnExecutive(deps, current, next);
    } catch (err) {
      if (err instanceof AppError && err.code === 'conflict')
        return refused(deps, actor, { action, targetId: id, requested: change }, err);
      throw err;
    }
    if (written === 'stale') continue;
    await deps.sessions.revokeAll(id, now);
    await record(deps, actor, {
      action,
      targetId: id,
      before: accessOf(current),
      after: accessOf(next),
    });
    return next;
  }
  throw AppError.unavailable('This admin is being changed concurrently; please try again');
}

/** Disables (its tokens stop at once) or re-enables an admin; never the last active executive. */
export async function setAdminStatus(
  deps: ManageAdminsDeps,
  actor: Executive,
  id: string,
  status: AdminStatus,
  reason?: string,
): Promise<AdminUser> {
  assertExecutive(actor);
  const action = auditActions.adminStatus;
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const current = await target(deps, id);
    if (current.status === status) return current;
    const now = deps.clock.now();
    const next: AdminUser = {
      ...current,
      status,
      version: current.version + 1,
      // Whatever was issued before a disable stays refused after a re-enable.
      ...(status === 'disabled' ? { sessionsValidAfter: now } : {}),
    };
    let written: 'written' | 'stale';
    try {
      written = await replaceKeepingAnExecutive(deps, current, next);
    } catch (err) {
      if (err instanceof AppError && err.code === 'conflict')
        return refused(deps, actor, { action, targetId: id, requested: { status }, reason }, err);
      throw err;
    }
    if (written === 'stale') continue;
    if (status === 'disabled') await deps.sessions.revokeAll(id, now);
    await record(deps, actor, {
      action,
      targetId: id,
      before: { status: current.status },
      after: { status },
      ...(reason ? { reason } : {}),
    });
    return next;
  }
  throw AppError.unavailable('This admin is being changed concurrently; please try again');
}

export const hashResetToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Issues a one-time reset link for an admin and has it e-mailed: the event travels with the audit
 * entry (its outbox) to the notification service. A newer link replaces an older one.
 */
export async function requestPasswordReset(
  deps: ManageAdminsDeps,
  actor: Executive,
  id: string,
): Promise<{ admin: AdminUser; expiresAt: Date; auditId: string }> {
  assertExecutive(actor);
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const current = await target(deps, id);
    if (current.status !== 'active') {
      throw AppError.conflict('This admin is disabled: enable it before resetting its password');
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(deps.clock.now().getTime() + deps.resetLinkTtlSeconds * 1000);
    const next: AdminUser = {
      ...current,
      passwordReset: { tokenHash: hashResetToken(token), expiresAt },
      version: current.version + 1,
    };
    if (!(await deps.adminUsers.replace(next, current.version))) continue;
    const resetUrl = `${deps.appUrl.replace(/\/$/, '')}/admin/reset-password?token=${token}`;
    const entry = await record(
      deps,
      actor,
      {
        action: auditActions.adminResetRequested,
        targetId: id,
        details: { expiresAt: expiresAt.toISOString() },
      },
      [
        domainEvent('admin.password-reset-requested', id, {
          adminId: id,
          email: current.email,
          resetUrl,
          expiresAt: expiresAt.toISOString(),
        }),
      ],
    );
    return { admin: next, expiresAt, auditId: entry.id };
  }
  throw AppError.unavailable('This admin is being changed concurrently; please try again');
}
