import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Search's copy of auth's blocks (member.blocked / member.unblocked), one document per blocker →
 * blocked pair (`_id` is `<blockerId>:<blockedId>`), kept so a saved search never tells a member
 * of a listing by someone either of them blocked.
 */
export interface MemberBlockDoc {
  _id: string;
  blockerId: string;
  blockedId: string;
  blocked: boolean;
  version: number;
}

const schema = new Schema<MemberBlockDoc>(
  {
    _id: { type: String },
    blockerId: { type: String, required: true },
    blockedId: { type: String, required: true },
    blocked: { type: Boolean, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);
// The blocks a listing's seller made (blockedAmong, by blocker).
schema.index({ blockerId: 1, blocked: 1 });
// The blocks made of a listing's seller (blockedAmong, by blocked member).
schema.index({ blockedId: 1, blocked: 1 });

export function memberBlockModel(conn: Connection): Model<MemberBlockDoc> {
  return (
    (conn.models.MemberBlock as Model<MemberBlockDoc> | undefined) ??
    conn.model<MemberBlockDoc>('MemberBlock', schema, 'member_blocks')
  );
}
