import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Proposal } from '../../domain/proposal';

export type ProposalDoc = Omit<Proposal, 'id'> & { _id: string };

const roundSchema = new Schema(
  {
    round: { type: Number, required: true },
    by: { type: String, required: true },
    requestedProductIds: { type: [String], default: [] },
    offeredProductIds: { type: [String], default: [] },
    message: { type: String, default: '' },
    depositAmount: { type: Number, default: 0 },
    senderShippingContribution: { type: Number, default: 0 },
    receiverShippingContribution: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

const parcelSchema = new Schema(
  {
    status: { type: String, required: true },
    trackingNote: { type: String, default: '' },
    updatedAt: Date,
  },
  { _id: false },
);

const proposalSchema = new Schema<ProposalDoc>(
  {
    _id: { type: String },
    senderId: { type: String, required: true },
    receiverId: { type: String, required: true },
    status: { type: String, required: true },
    rounds: { type: [roundSchema], default: [] },
    shipping: {
      sender: { type: parcelSchema, required: true },
      receiver: { type: parcelSchema, required: true },
    },
    unavailableProductIds: { type: [String], default: undefined },
    expiresAt: Date,
    acceptedAt: Date,
    completedAt: Date,
    circleId: String,
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);
proposalSchema.plugin(outboxPlugin);

export function proposalModel(conn: Connection): Model<ProposalDoc> {
  return (
    (conn.models.Proposal as Model<ProposalDoc> | undefined) ??
    conn.model<ProposalDoc>('Proposal', proposalSchema, 'proposals')
  );
}
