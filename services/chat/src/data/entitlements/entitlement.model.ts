import { Schema, type Connection, type Model } from 'mongoose';

/** A member's subscription status as payment last reported it, keyed by the member's id. */
export interface EntitlementDoc {
  _id: string;
  status: string;
  /** When payment reported it (the event's time): a late, older report changes nothing. */
  at: Date;
}

const entitlementSchema = new Schema<EntitlementDoc>(
  {
    _id: { type: String },
    status: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export function entitlementModel(conn: Connection): Model<EntitlementDoc> {
  return (
    (conn.models.Entitlement as Model<EntitlementDoc> | undefined) ??
    conn.model<EntitlementDoc>('Entitlement', entitlementSchema, 'entitlements')
  );
}
