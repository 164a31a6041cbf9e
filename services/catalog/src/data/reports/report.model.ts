import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Report } from '../../domain/reports';

/**
 * `openKey` is `<reporter>|<type>|<target>` while a report is open and unique, which allows one open
 * report per reporter and target with a plain unique index (no partial index, which not every
 * server has); closing a report rewrites it to `closed|<id>`.
 */
export type ReportDoc = Omit<Report, 'id'> & { _id: string; openKey: string };

const reportSchema = new Schema<ReportDoc>(
  {
    _id: { type: String },
    reporterId: { type: String, required: true },
    targetType: { type: String, required: true },
    targetId: { type: String, required: true },
    reason: { type: String, required: true },
    details: String,
    status: { type: String, required: true },
    // One open report per reporter and target: the insert's duplicate key answers 'duplicate'.
    openKey: { type: String, required: true, unique: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// list({ status }): one status, newest first.
reportSchema.index({ status: 1, createdAt: -1, _id: -1 });
// list({}): every report, newest first.
reportSchema.index({ createdAt: -1, _id: -1 });
reportSchema.plugin(outboxPlugin);

export function reportModel(conn: Connection): Model<ReportDoc> {
  return (
    (conn.models.Report as Model<ReportDoc> | undefined) ??
    conn.model<ReportDoc>('Report', reportSchema, 'reports')
  );
}
