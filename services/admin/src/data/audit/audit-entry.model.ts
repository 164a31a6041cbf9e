import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';

export interface AuditEntryDoc {
  _id: string;
  at: Date;
  adminId: string;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
  outcome: string;
  details?: Record<string, unknown>;
}

/**
 * The audit log: one document per admin action or sign-in, inserted once and never changed (the
 * outbox fields are the relay's: the admin.action-taken event is stored with the entry).
 */
export function auditEntryModel(conn: Connection): Model<AuditEntryDoc> {
  const existing = conn.models.AuditEntry as Model<AuditEntryDoc> | undefined;
  if (existing) return existing;
  const schema = new Schema<AuditEntryDoc>(
    {
      _id: String,
      at: { type: Date, required: true },
      adminId: { type: String, required: true },
      adminEmail: { type: String, required: true },
      action: { type: String, required: true },
      targetType: { type: String, required: true },
      targetId: { type: String, required: true },
      before: Schema.Types.Mixed,
      after: Schema.Types.Mixed,
      reason: String,
      outcome: { type: String, required: true },
      details: Schema.Types.Mixed,
    },
    { versionKey: false, minimize: false },
  );
  // list({}) and list({ from, to }): the whole log, newest first.
  schema.index({ at: -1, _id: 1 });
  // list({ adminId }): one admin's actions, newest first.
  schema.index({ adminId: 1, at: -1, _id: 1 });
  // list({ targetType, targetId }): what was done to one member, listing or admin, newest first.
  schema.index({ targetType: 1, targetId: 1, at: -1, _id: 1 });
  schema.plugin(outboxPlugin);
  return conn.model<AuditEntryDoc>('AuditEntry', schema, 'audit_log');
}
