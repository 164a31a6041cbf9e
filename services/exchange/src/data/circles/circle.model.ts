import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Circle } from '../../domain/circle';

export type CircleDoc = Omit<Circle, 'id'> & { _id: string };

/** Per member, the circles they are in. */
export interface CircleMemberDoc {
  _id: string;
  circleIds: string[];
}

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

export function circleModel(conn: Connection): Model<CircleDoc> {
  return (
    (conn.models.Circle as Model<CircleDoc> | undefined) ??
    conn.model<CircleDoc>('Circle', circleSchema, 'circles')
  );
}

export function circleMemberModel(conn: Connection): Model<CircleMemberDoc> {
  return (
    (conn.models.CircleMember as Model<CircleMemberDoc> | undefined) ??
    conn.model<CircleMemberDoc>(
      'CircleMember',
      new Schema<CircleMemberDoc>(
        { _id: String, circleIds: { type: [String], default: [] } },
        { versionKey: false },
      ),
      'circle_members',
    )
  );
}
