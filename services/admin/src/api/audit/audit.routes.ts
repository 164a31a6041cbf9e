import { parse } from '@swapbooth/service-kit';
import { adminAuditQuery as auditQuery } from '@swapbooth/contracts';
import type { AuditEntry } from '../../domain/audit';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { ok, pageOf } from '../http';

const entryView = (e: AuditEntry) => ({
  audit_id: e.id,
  at: e.at.toISOString(),
  admin_id: e.adminId,
  admin_email: e.adminEmail,
  action: e.action,
  target_type: e.targetType,
  target_id: e.targetId,
  before: e.before ?? null,
  after: e.after ?? null,
  reason: e.reason ?? null,
  outcome: e.outcome,
  details: e.details ?? null,
});

/** GET /api/admin/audit: the append-only log, newest first, filterable; no route changes it. */
export function auditRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/audit', 'audit', async (req, res) => {
    const q = parse(auditQuery, req.query, 'query');
    const found = await deps.audit.list({
      page: q.page,
      limit: q.limit,
      ...(q.admin_id ? { adminId: q.admin_id } : {}),
      ...(q.action ? { action: q.action } : {}),
      ...(q.target_type ? { targetType: q.target_type } : {}),
      ...(q.target_id ? { targetId: q.target_id } : {}),
      ...(q.from ? { from: q.from } : {}),
      ...(q.to ? { to: q.to } : {}),
    });
    ok(
      res,
      pageOf('entries', {
        ...found,
        page: q.page,
        limit: q.limit,
        items: found.items.map(entryView),
      }),
    );
  });
}
