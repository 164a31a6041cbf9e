import { Schema, type Connection, type Model } from 'mongoose';

/** One open set of terms from a sender to a receiver, keyed by the terms themselves. */
export interface TermsClaimDoc {
  _id: string;
  proposalId: string;
  at: Date;
}

const termsClaimSchema = new Schema<TermsClaimDoc>(
  {
    _id: String,
    proposalId: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export function termsClaimModel(conn: Connection): Model<TermsClaimDoc> {
  return (
    (conn.models.TermsClaim as Model<TermsClaimDoc> | undefined) ??
    conn.model<TermsClaimDoc>('TermsClaim', termsClaimSchema, 'terms_claims')
  );
}
