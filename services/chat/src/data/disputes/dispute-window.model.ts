import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A dispute about a proposal's exchange as exchange's events told it, keyed by the dispute's id:
 * while one is open, an admin with the disputes area may read the exchange's chat.
 */
export interface DisputeWindowDoc {
  _id: string;
  proposalId: string;
  open: boolean;
}

const disputeWindowSchema = new Schema<DisputeWindowDoc>(
  {
    _id: { type: String },
    proposalId: { type: String, required: true },
    open: { type: Boolean, required: true },
  },
  { versionKey: false },
);
// Whether a proposal has an open dispute (the transcript's gate).
disputeWindowSchema.index({ proposalId: 1, open: 1 });

export function disputeWindowModel(conn: Connection): Model<DisputeWindowDoc> {
  return (
    (conn.models.DisputeWindow as Model<DisputeWindowDoc> | undefined) ??
    conn.model<DisputeWindowDoc>('DisputeWindow', disputeWindowSchema, 'dispute_windows')
  );
}
