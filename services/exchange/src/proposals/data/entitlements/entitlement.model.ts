import { Schema, type Connection, type Model } from 'mongoose';

/** A member's subscription as payment last reported it (from `subscription.changed`). */
export interface EntitlementDoc {
  _id: string;
  status: string;
  currentPeriodEnd?: Date;
  /** When payment's event happened: an older event never overwrites a newer one. */
  at: Date;
}

const entitlementSchema = new Schema<EntitlementDoc>(
  {
    _id: String,
    status: { type: String, required: true },
    currentPeriodEnd: Date,
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
