import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';

/** A member's payment account (`_id` is the user id). */
export interface AccountDoc {
  _id: string;
  customerId?: string;
  email?: string;
  /** Keyed by the provider's subscription id. */
  subscriptions: Record<
    string,
    {
      id: string;
      status: string;
      currentPeriodEnd: string | null;
      cancelAtPeriodEnd: boolean;
      priceId?: string;
      createdAt: string;
    }
  >;
  kycVerified: boolean;
  verificationStatus?: string;
  verificationSessionId?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const accountSchema = new Schema<AccountDoc>(
  {
    _id: { type: String },
    customerId: String,
    email: String,
    subscriptions: { type: Schema.Types.Mixed, default: {} },
    kycVerified: { type: Boolean, default: false },
    verificationStatus: String,
    verificationSessionId: String,
    version: { type: Number, required: true },
    createdAt: String,
    updatedAt: String,
  },
  { versionKey: false, minimize: false },
);
accountSchema.plugin(outboxPlugin);

export function accountModel(conn: Connection): Model<AccountDoc> {
  return (
    (conn.models.Account as Model<AccountDoc> | undefined) ??
    conn.model<AccountDoc>('Account', accountSchema, 'accounts')
  );
}
