import { mayAccess, parse, principalOf } from '@swapbooth/service-kit';
import {
  adminMemberReportsQuery as memberReportsQuery,
  adminReportsQuery as reportsQuery,
  resolveReportBody as resolveBody,
} from '@swapbooth/contracts';
import type { ReportRow } from '../../domain/projection';
import { memberReports } from '../../domain/member-reports';
import { resolveReport } from '../../domain/resolve-report';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { actorOf, idParam, ok, pageOf } from '../http';
import { memberView } from '../users/users.routes';

export const reportView = (r: ReportRow) => ({
  report_id: r.reportId,
  reporter_id: r.reporterId,
  target_type: r.targetType,
  target_id: r.targetId,
  reason: r.reason,
  status: r.status,
  filed_at: r.filedAt.toISOString(),
  resolved_at: r.resolvedAt?.toISOString() ?? null,
  resolved_by: r.resolvedBy ?? null,
  action_audit_id: r.actionAuditId ?? null,
  note: r.note ?? null,
});

/** The queue of report.filed, each closed as dismissed or actioned. */
export function reportsRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/reports', 'reports', async (req, res) => {
    const { target_type, ...q } = parse(reportsQuery, req.query, 'query');
    const found = await deps.projection.reports({
      ...q,
      ...(target_type ? { targetType: target_type } : {}),
    });
    ok(res, pageOf('reports', { ...found, items: found.items.map(reportView) }));
  });
  // Reports of members, beside the listing reports: the member reported and their open reports.
  r.add('get', '/api/admin/reports/members', 'reports', async (req, res) => {
    const q = parse(memberReportsQuery, req.query, 'query');
    const found = await memberReports(deps.projection, q);
    // The member's e-mail is for admins of the users area only.
    const seesEmail = mayAccess(principalOf(req), 'users');
    const items = found.items.map((m) => ({
      ...reportView(m.report),
      member: m.member ? { ...memberView(m.member), ...(seesEmail ? {} : { email: null }) } : null,
      open_reports_on_member: m.openReportsOnMember,
    }));
    ok(res, pageOf('reports', { ...found, items }));
  });
  r.add('patch', '/api/admin/reports/:id', 'reports', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const body = parse(resolveBody, req.body);
    const actor = await actorOf(req, deps.adminUsers);
    const done = await resolveReport(deps.moderation, actor, id, body.resolution, {
      ...(body.action_audit_id ? { actionAuditId: body.action_audit_id } : {}),
      ...(body.note ? { note: body.note } : {}),
      // Catalog's copy of the report is moderated under the products permission.
      syncCatalog: mayAccess(principalOf(req), 'products'),
    });
    ok(res, {
      report: reportView(done.report),
      catalog_synced: done.catalogSynced,
      audit_id: done.audit_id,
    });
  });
}
