import { Schema, type Connection, type Model } from 'mongoose';

/**
 * What notification knows of a member, keyed by the member's id: the e-mail address (auth's
 * user.registered / user.email-verified), the name (user.profile-updated, newest version wins),
 * the subscription status (payment's subscription.changed) and the e-mail kinds turned off.
 */
export interface MemberDoc {
  _id: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  profileVersion?: number;
  subscriptionStatus?: string;
  subscriptionId?: string;
  emailOff?: string[];
}

const memberSchema = new Schema<MemberDoc>(
  {
    _id: { type: String },
    email: String,
    firstName: String,
    lastName: String,
    username: String,
    profileVersion: Number,
    subscriptionStatus: String,
    subscriptionId: String,
    emailOff: { type: [String], default: undefined },
  },
  { versionKey: false },
);

export function memberModel(conn: Connection): Model<MemberDoc> {
  return (
    (conn.models.Member as Model<MemberDoc> | undefined) ??
    conn.model<MemberDoc>('Member', memberSchema, 'members')
  );
}
