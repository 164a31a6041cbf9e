import type { Connection, Model } from 'mongoose';
import { withOutbox } from '@swapbooth/event-bus';
import type { DomainEvent } from '@swapbooth/event-bus';
import type { Report, ReportRepository } from '../../domain/reports';
import { isDuplicateKey, toOutbox } from '@swapbooth/event-bus';
import { NO_OUTBOX, withoutNulls } from '../documents';
import { reportModel, type ReportDoc } from './report.model';

const openKeyOf = (r: Pick<Report, 'reporterId' | 'targetType' | 'targetId'>) =>
  `${r.reporterId}|${r.targetType}|${r.targetId}`;

function toReport(doc: ReportDoc): Report {
  const { _id, openKey: _k, ...rest } = withoutNulls(doc);
  return { ...rest, id: _id };
}

/** The only code that touches the reports collection. */
export class ReportsRepository implements ReportRepository {
  private readonly model: Model<ReportDoc>;

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.model = reportModel(conn);
  }

  async insert(report: Report, events: DomainEvent[]): Promise<'inserted' | 'duplicate'> {
    const { id, ...state } = report;
    try {
      await this.model.create({
        _id: id,
        ...state,
        openKey: openKeyOf(report),
        ...withOutbox(toOutbox(events, 'catalog')),
      });
    } catch (err) {
      if (isDuplicateKey(err)) return 'duplicate';
      throw err;
    }
    this.published();
    return 'inserted';
  }

  async list(q: { status?: Report['status']; page: number; limit: number }) {
    const filter = q.status ? { status: q.status } : {};
    const [docs, total] = await Promise.all([
      this.model
        .find(filter, NO_OUTBOX)
        .sort({ createdAt: -1, _id: -1 })
        .skip((q.page - 1) * q.limit)
        .limit(q.limit)
        .lean<ReportDoc[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items: docs.map(toReport), total };
  }

  async setStatus(id: string, status: Report['status'], at: Date): Promise<Report | undefined> {
    const current = await this.model.findById(id, NO_OUTBOX).lean<ReportDoc>().exec();
    if (!current) return undefined;
    const open = status === 'open' || status === 'reviewing';
    try {
      const res = await this.model
        .updateOne(
          { _id: id },
          { $set: { status, updatedAt: at, openKey: open ? openKeyOf(current) : `closed|${id}` } },
        )
        .exec();
      if (res.matchedCount === 0) return undefined;
      return toReport({ ...current, status, updatedAt: at });
    } catch (err) {
      // Reopening while the reporter has filed a newer open report on the same target.
      if (isDuplicateKey(err)) return toReport(current);
      throw err;
    }
  }
}
