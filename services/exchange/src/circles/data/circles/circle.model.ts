import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Circle } from '../../domain/circle';

export type CircleDoc = Omit<Circle, 'id'> & { _id: string };

const memberSchema = new Schema(
  {
    userId: { type: String, required: true },
    gives: { type: String, required: true },
    receives: { type: String, required: true },
    answer: { type: String, required: true },
    answeredAt: Date,
  },
  { _id: false },
);

const exchangeSchema = new Schema(
  {
    proposalId: { type: String, required: true },
    giverId: { type: String, required: true },
    takerId: { type: String, required: true },
    productId: { type: String, required: true },
  },
  { _id: false },
);

const circleSchema = new Schema<CircleDoc>(
  {
    _id: String,
    status: { type: String, required: true },
    members: { type: [memberSchema], required: true },
    expiresAt: { type: Date, required: true },
    dissolvedReason: String,
    exchanges: { type: [exchangeSchema], default: undefined },
    settled: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false, minimize: false },
);
circleSchema.plugin(outboxPlugin);
// A member's circles, newest first (their circles page).
circleSchema.index({ 'members.userId': 1, createdAt: -1 });
// Pending circles by when their answers are due (the due-work sweep dissolves them).
circleSchema.index({ status: 1, expiresAt: 1 });
// Accepted circles not settled yet, by acceptance (the due-work sweep settles what stopped).
circleSchema.index({ status: 1, settled: 1, updatedAt: 1 });

export function circleModel(conn: Connection): Model<CircleDoc> {
  return (
    (conn.models.Circle as Model<CircleDoc> | undefined) ??
    conn.model<CircleDoc>('Circle', circleSchema, 'circles')
  );
}
