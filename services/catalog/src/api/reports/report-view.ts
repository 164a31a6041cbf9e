import type { ReportResponse } from '@swapbooth/contracts';
import type { Report } from '../../domain/reports';

export const reportView = (r: Report): ReportResponse => ({
  report_id: r.id,
  reporter_id: r.reporterId,
  target_type: r.targetType,
  target_id: r.targetId,
  reason: r.reason,
  details: r.details,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});
