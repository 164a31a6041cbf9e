import { Schema, type Connection, type Model } from 'mongoose';

/** A member's standing as a math-trade organiser, keyed by their user id. */
export interface OrganiserDoc {
  _id: string;
  status: string;
  requestedAt: Date;
  decidedAt?: Date | null;
  decidedBy?: string | null;
  version: number;
}

const organiserSchema = new Schema<OrganiserDoc>(
  {
    _id: String,
    status: { type: String, required: true },
    requestedAt: { type: Date, required: true },
    decidedAt: Date,
    decidedBy: String,
    version: { type: Number, required: true },
  },
  { versionKey: false },
);
// Requests by status, oldest first (the admins' list of organisers).
organiserSchema.index({ status: 1, requestedAt: 1 });

export function organiserModel(conn: Connection): Model<OrganiserDoc> {
  return (
    (conn.models.Organiser as Model<OrganiserDoc> | undefined) ??
    conn.model<OrganiserDoc>('Organiser', organiserSchema, 'organisers')
  );
}
