import type { Connection } from 'mongoose';
import type { EventData } from '@swapbooth/contracts';
import type { Page, ReportQuery, ReportRow } from '../../domain/projection';
import { projectionModels, type ProjectionModels, type ReportDoc } from './projection.models';
import { pageOf } from './page';

const reportRow = ({ _id, ...d }: ReportDoc): ReportRow => ({ reportId: _id, ...d }) as ReportRow;

/**
 * The reports queue: catalog's report.filed adds a report once; the console resolves it here, over
 * the version it read.
 */
export class ReportsRepository {
  private readonly reports: ProjectionModels['reports'];

  constructor(conn: Connection) {
    this.reports = projectionModels(conn).reports;
  }

  async filed(d: EventData<'report.filed'>, at: Date) {
    await this.reports
      .updateOne(
        { _id: d.reportId },
        {
          $setOnInsert: {
            reporterId: d.reporterId,
            targetType: d.targetType,
            targetId: d.targetId,
            reason: d.reason,
            status: 'open',
            filedAt: at,
            version: 0,
          },
        },
        { upsert: true },
      )
      .exec();
  }

  /** Writes a resolution only over the version read; false when someone resolved it meanwhile. */
  async resolveReport(next: ReportRow, expectedVersion: number): Promise<boolean> {
    const { reportId, ...rest } = next;
    const res = await this.reports
      .replaceOne({ _id: reportId, version: expectedVersion }, rest)
      .exec();
    return res.matchedCount === 1;
  }

  async list(q: ReportQuery): Promise<Page<ReportRow>> {
    const filter: Record<string, unknown> = {};
    if (q.status) filter.status = q.status;
    if (q.targetType) filter.targetType = q.targetType;
    return pageOf(this.reports, filter, { filedAt: -1, _id: 1 }, q, reportRow);
  }

  async find(reportId: string) {
    const d = await this.reports.findById(reportId).lean<ReportDoc>().exec();
    return d ? reportRow(d) : undefined;
  }

  /** How many open reports each of these targets has (targets without any are left out). */
  async openOn(targetType: string, targetIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (targetIds.length === 0) return counts;
    const docs = await this.reports
      .find(
        { targetType, targetId: { $in: [...new Set(targetIds)] }, status: 'open' },
        { targetId: 1 },
      )
      .lean<Pick<ReportDoc, 'targetId'>[]>()
      .exec();
    for (const d of docs) counts.set(d.targetId, (counts.get(d.targetId) ?? 0) + 1);
    return counts;
  }

  /** Every report with the field the dashboard counts. */
  async counted() {
    return (await this.reports.find({}, { status: 1 }).lean().exec()) as Pick<
      ReportRow,
      'status'
    >[];
  }
}
