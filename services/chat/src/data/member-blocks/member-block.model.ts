import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Chat's copy of auth's blocks (member.blocked / member.unblocked), one document per blocker →
 * blocked pair keyed `${blockerId}:${blockedId}`, with the pair's version in auth.
 */
export interface MemberBlockDoc {
  _id: string;
  active: boolean;
  version: number;
}

const memberBlockSchema = new Schema<MemberBlockDoc>(
  {
    _id: { type: String },
    active: { type: Boolean, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);

export function memberBlockModel(conn: Connection): Model<MemberBlockDoc> {
  return (
    (conn.models.MemberBlock as Model<MemberBlockDoc> | undefined) ??
    conn.model<MemberBlockDoc>('MemberBlock', memberBlockSchema, 'member_blocks')
  );
}
