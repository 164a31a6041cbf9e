import { Schema, type Connection, type Model } from 'mongoose';

/** A proposal's parties, listings and last known status, from exchange's events. */
export interface ProposalDoc {
  _id: string;
  senderId: string;
  receiverId: string;
  productIds: string[];
  offeredProductIds: string[];
  status: string;
  /** Set once the proposal is accepted, never unset. */
  accepted?: boolean;
  /** Who took the step that led to each status. */
  actors?: Record<string, string>;
  shippedBy?: string[];
  deliveredBy?: string[];
}

const proposalSchema = new Schema<ProposalDoc>(
  {
    _id: { type: String },
    senderId: { type: String, required: true },
    receiverId: { type: String, required: true },
    productIds: { type: [String], default: [] },
    offeredProductIds: { type: [String], default: [] },
    status: { type: String, required: true },
    accepted: { type: Boolean, default: false },
    actors: { type: Schema.Types.Mixed, default: {} },
    shippedBy: { type: [String], default: [] },
    deliveredBy: { type: [String], default: [] },
  },
  { versionKey: false },
);

export function proposalModel(conn: Connection): Model<ProposalDoc> {
  return (
    (conn.models.Proposal as Model<ProposalDoc> | undefined) ??
    conn.model<ProposalDoc>('Proposal', proposalSchema, 'proposals')
  );
}
