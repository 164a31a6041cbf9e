import { AppError } from '@swapbooth/service-kit';
import type { AuditEntry } from './audit';
import type { ProjectionReader, ReportRow } from './projection';
import type { AuditLog, Clock, ServiceCalls } from './ports';

/**
 * What the moderation use cases share (one file each beside this one: set-member-status.ts,
 * set-listing-status.ts, cancel-subscription.ts, resolve-report.ts, payment-provider-status.ts,
 * organisers.ts): the acting admin, their deps, and the audit-log steps around a command.
 */

/** The admin acting: from the verified admin token, which is also forwarded to the owning service. */
export interface Actor {
  id: string;
  email: string;
  token: string;
}

export interface ModerationDeps {
  calls: ServiceCalls;
  projection: ProjectionReader;
  reports: { resolveReport(next: ReportRow, expectedVersion: number): Promise<boolean> };
  audit: AuditLog;
  clock: Clock;
}

/** The status an owning service's answer names, when it names one. */
export const statusOf = (answer: unknown): string | undefined =>
  answer &&
  typeof answer === 'object' &&
  typeof (answer as { status?: unknown }).status === 'string'
    ? (answer as { status: string }).status
    : undefined;

export async function audited(
  deps: ModerationDeps,
  actor: Actor,
  entry: Pick<
    AuditEntry,
    'action' | 'targetType' | 'targetId' | 'before' | 'after' | 'reason' | 'details'
  >,
) {
  return deps.audit.append({
    adminId: actor.id,
    adminEmail: actor.email,
    outcome: 'succeeded',
    ...entry,
  });
}

/**
 * Runs the owning service's command; a refusal or failure is written to the audit log too
 * (outcome failed, with the answer) before it reaches the admin.
 */
export async function attempt<T>(
  deps: ModerationDeps,
  actor: Actor,
  what: Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'reason'> & { requested: unknown },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) {
      await deps.audit.append({
        adminId: actor.id,
        adminEmail: actor.email,
        action: what.action,
        targetType: what.targetType,
        targetId: what.targetId,
        after: what.requested,
        ...(what.reason ? { reason: what.reason } : {}),
        outcome: 'failed',
        details: { error: err.message, code: err.code },
      });
    }
    throw err;
  }
}
