import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Proposal } from '../../domain/proposal';

/**
 * A stored proposal. Besides its state it carries two fields for queries: `listingIds`, every
 * listing it ever named (in any round), and `openTerms`, a hash of `heldTermsKey` while the
 * proposal holds its first terms open (absent otherwise).
 */
export type ProposalDoc = Omit<Proposal, 'id'> & {
  _id: string;
  listingIds: string[];
  openTerms?: string;
  /** The accepted exchange's next due clock (`nextDueAt`), absent when none runs. */
  dueAt?: Date;
};

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
    shipBy: Date,
    remindAt: Date,
    lateNoticed: Boolean,
    extended: Boolean,
    deliverBy: Date,
    confirmedAt: Date,
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
    reportBy: Date,
    circleId: String,
    listingIds: { type: [String], default: [] },
    openTerms: String,
    dueAt: Date,
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);
proposalSchema.plugin(outboxPlugin);
// A new proposal with the same terms as an open one from the same sender to the same receiver is
// refused (only open proposals carry the key, hence sparse).
proposalSchema.index({ openTerms: 1 }, { unique: true, sparse: true });
// A member's sent proposals, newest first (their list, its role filter and their stats).
proposalSchema.index({ senderId: 1, createdAt: -1 });
// A member's received proposals, newest first (their list, its role filter and their stats).
proposalSchema.index({ receiverId: 1, createdAt: -1 });
// Open proposals from one member to another (the per-pair cap's count).
proposalSchema.index({ senderId: 1, receiverId: 1, status: 1 });
// The proposals naming a listing (its proposals page; open ones end when it is taken or gone).
proposalSchema.index({ listingIds: 1, createdAt: -1 });
// Open proposals by when their answer is due (the sweep that expires them; sparse: only open
// proposals have a due date).
proposalSchema.index({ expiresAt: 1 }, { sparse: true });
// Accepted exchanges by their next due clock (the sweep that reminds, notices deadlines, assumes
// deliveries and completes them; sparse: only an accepted exchange with a clock running has one).
proposalSchema.index({ dueAt: 1 }, { sparse: true });

export function proposalModel(conn: Connection): Model<ProposalDoc> {
  return (
    (conn.models.Proposal as Model<ProposalDoc> | undefined) ??
    conn.model<ProposalDoc>('Proposal', proposalSchema, 'proposals')
  );
}
