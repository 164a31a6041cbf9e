import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One e-mail sent (or being sent) for one event, keyed by the event id, so a re-delivered event
 * never sends twice. The secret an e-mail carries (code, link) is not stored.
 */
export interface SentEmailDoc {
  _id: string;
  kind: string;
  to: string;
  status: 'sending' | 'sent';
  claimedAt: Date;
  sentAt?: Date;
  messageId?: string;
}

const sentEmailSchema = new Schema<SentEmailDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    to: { type: String, required: true },
    status: { type: String, enum: ['sending', 'sent'], required: true },
    claimedAt: { type: Date, required: true },
    sentAt: Date,
    messageId: String,
  },
  { versionKey: false },
);

export function sentEmailModel(conn: Connection): Model<SentEmailDoc> {
  return (
    (conn.models.SentEmail as Model<SentEmailDoc> | undefined) ??
    conn.model<SentEmailDoc>('SentEmail', sentEmailSchema, 'sent_emails')
  );
}
