import { AppError } from '@swapbooth/service-kit';
import { auditActions } from './audit';
import { audited, type Actor, type ModerationDeps } from './moderation';
import type { ReportResolution, ReportRow } from './projection';

/**
 * Closes a report as dismissed or actioned (naming the audit entry of the action taken). The
 * catalog's copy of the report is told too when the admin may moderate listings; the queue here is
 * what the console shows.
 */
export async function resolveReport(
  deps: ModerationDeps,
  actor: Actor,
  reportId: string,
  resolution: ReportResolution,
  opts: { actionAuditId?: string; note?: string; syncCatalog: boolean },
) {
  const report = await deps.projection.report(reportId);
  if (!report) throw AppError.notFound('Report not found');
  if (report.status !== 'open') throw AppError.conflict(`This report is already ${report.status}`);
  const next: ReportRow = {
    ...report,
    status: resolution,
    resolvedAt: deps.clock.now(),
    resolvedBy: actor.id,
    version: report.version + 1,
    ...(opts.actionAuditId ? { actionAuditId: opts.actionAuditId } : {}),
    ...(opts.note ? { note: opts.note } : {}),
  };
  if (!(await deps.reports.resolveReport(next, report.version))) {
    throw AppError.conflict('This report was resolved by someone else meanwhile');
  }
  let catalogSynced = false;
  if (opts.syncCatalog) {
    try {
      await deps.calls.setReportStatus(
        actor.token,
        reportId,
        resolution === 'dismissed' ? 'dismissed' : 'resolved',
      );
      catalogSynced = true;
    } catch {
      catalogSynced = false;
    }
  }
  const entry = await audited(deps, actor, {
    action: auditActions.reportResolve,
    targetType: 'report',
    targetId: reportId,
    before: { status: 'open' },
    after: {
      status: resolution,
      ...(opts.actionAuditId ? { actionAuditId: opts.actionAuditId } : {}),
    },
    ...(opts.note ? { reason: opts.note } : {}),
  });
  return { report: next, catalogSynced, audit_id: entry.id };
}
