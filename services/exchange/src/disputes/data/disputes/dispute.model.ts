import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Dispute } from '../../domain/dispute';

/**
 * A stored dispute. `ongoingFor` holds the proposal id while the dispute is not closed (absent
 * after): its unique index keeps one ongoing dispute per exchange.
 */
export type DisputeDoc = Omit<Dispute, 'id'> & { _id: string; ongoingFor?: string };

const statementSchema = new Schema(
  { by: String, kind: { type: String, required: true }, text: String, at: Date },
  { _id: false },
);

const resolutionSchema = new Schema(
  {
    outcome: { type: String, required: true },
    closedBy: { type: String, required: true },
    adminId: String,
    favouring: String,
    note: String,
    sanction: { type: new Schema({ userId: String, kind: String }, { _id: false }) },
    at: Date,
  },
  { _id: false },
);

const disputeSchema = new Schema<DisputeDoc>(
  {
    _id: { type: String },
    proposalId: { type: String, required: true },
    openedBy: { type: String, required: true },
    respondentId: { type: String, required: true },
    reason: { type: String, required: true },
    description: { type: String, default: '' },
    photos: { type: [String], default: [] },
    status: { type: String, required: true },
    statements: { type: [statementSchema], default: [] },
    remedy: String,
    answerDueAt: Date,
    escalatedAt: Date,
    escalationCause: String,
    resolution: { type: resolutionSchema, default: undefined },
    settleDueAt: Date,
    circleId: String,
    circleMemberIds: { type: [String], default: undefined },
    ongoingFor: String,
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);
disputeSchema.plugin(outboxPlugin);
// One ongoing dispute per exchange (only ongoing disputes carry the key, hence sparse).
disputeSchema.index({ ongoingFor: 1 }, { unique: true, sparse: true });
// An exchange's disputes, latest first (its parties' view, the proposal page).
disputeSchema.index({ proposalId: 1, createdAt: -1 });
// Disputes by when their answer period ends (the sweep that escalates them; sparse: only open or
// answered disputes have one).
disputeSchema.index({ answerDueAt: 1 }, { sparse: true });
// Closed disputes whose exchange is not settled yet (the sweep that settles them; sparse).
disputeSchema.index({ settleDueAt: 1 }, { sparse: true });
// The admin's lists by status, newest first.
disputeSchema.index({ status: 1, createdAt: -1 });
// Every dispute, newest first (the admin's list without a status).
disputeSchema.index({ createdAt: -1 });

export function disputeModel(conn: Connection): Model<DisputeDoc> {
  return (
    (conn.models.Dispute as Model<DisputeDoc> | undefined) ??
    conn.model<DisputeDoc>('Dispute', disputeSchema, 'disputes')
  );
}
