import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Report } from '../../domain/reports';

/**
 * `openKey` is `<reporter>|<type>|<target>` while a report is open and unique, which allows one open
 * report per reporter and target without a partial index (FerretDB has none); closing a report
 * rewrites it to `closed|<id>`.
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
    openKey: { type: String, required: true, unique: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
reportSchema.index({ status: 1, createdAt: -1 });
reportSchema.plugin(outboxPlugin);

export function reportModel(conn: Connection): Model<ReportDoc> {
  return (
    (conn.models.Report as Model<ReportDoc> | undefined) ??
    conn.model<ReportDoc>('Report', reportSchema, 'reports')
  );
}
