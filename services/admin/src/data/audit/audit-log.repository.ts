import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import {
  toOutbox,
  withOutbox,
  domainEvent,
  type DomainEvent,
  type EventsWritten,
} from '@swapbooth/event-bus';
import type { AuditEntry, AuditInput, AuditQuery } from '../../domain/audit';
import type { AuditLog } from '../../domain/ports';
import { auditEntryModel, type AuditEntryDoc } from './audit-entry.model';

/** Target types the admin.action-taken event names (sign-ins stay in the log only). */
const published = new Set(['user', 'product', 'subscription', 'booth', 'report']);

const toEntry = (d: AuditEntryDoc): AuditEntry => ({
  id: d._id,
  at: d.at,
  adminId: d.adminId,
  adminEmail: d.adminEmail,
  action: d.action,
  targetType: d.targetType as AuditEntry['targetType'],
  targetId: d.targetId,
  ...(d.before !== undefined && d.before !== null ? { before: d.before } : {}),
  ...(d.after !== undefined && d.after !== null ? { after: d.after } : {}),
  ...(d.reason ? { reason: d.reason } : {}),
  outcome: d.outcome as AuditEntry['outcome'],
  ...(d.details ? { details: d.details } : {}),
});

/** Append-only: entries are inserted with their event and read back; nothing updates or deletes them. */
export class AuditLogRepository implements AuditLog {
  private readonly model: Model<AuditEntryDoc>;

  constructor(
    conn: Connection,
    private readonly eventsWritten: EventsWritten,
  ) {
    this.model = auditEntryModel(conn);
  }

  async append(input: AuditInput, extra: readonly DomainEvent[] = []): Promise<AuditEntry> {
    const entry: AuditEntry = { id: randomUUID(), at: new Date(), ...input };
    const publish = entry.outcome === 'succeeded' && published.has(entry.targetType);
    const events = publish
      ? toOutbox(
          [
            domainEvent('admin.action-taken', entry.targetId, {
              adminId: entry.adminId,
              action: entry.action,
              targetType: entry.targetType as 'user',
              targetId: entry.targetId,
              details: {
                ...entry.details,
                auditId: entry.id,
                ...(entry.before !== undefined ? { before: entry.before } : {}),
                ...(entry.after !== undefined ? { after: entry.after } : {}),
                ...(entry.reason ? { reason: entry.reason } : {}),
              },
            }),
          ],
          'admin',
        )
      : [];
    // Events an action raises (e.g. an e-mail request) travel with its entry.
    if (extra.length > 0) events.push(...toOutbox(extra, 'admin'));
    const { id, ...rest } = entry;
    await this.model.insertMany([{ _id: id, ...rest, ...withOutbox(events) }]);
    if (events.length > 0) this.eventsWritten();
    return entry;
  }

  async list(q: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
    const filter: Record<string, unknown> = {};
    if (q.adminId) filter.adminId = q.adminId;
    if (q.action) filter.action = q.action;
    if (q.targetType) filter.targetType = q.targetType;
    if (q.targetId) filter.targetId = q.targetId;
    if (q.from || q.to) {
      filter.at = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lte: q.to } : {}) };
    }
    const [docs, total] = await Promise.all([
      this.model
        .find(filter, { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 })
        .sort({ at: -1, _id: 1 })
        .skip((q.page - 1) * q.limit)
        .limit(q.limit)
        .lean<AuditEntryDoc[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items: docs.map(toEntry), total };
  }
}
