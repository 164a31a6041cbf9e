import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Exchange's projection of auth's blocks (member.blocked / member.unblocked), one document per
 * blocker → blocked pair keyed `${blockerId}:${blockedId}`, with the pair's version in auth.
 */
export interface MemberBlockDoc {
  _id: string;
  blockerId: string;
  blockedId: string;
  active: boolean;
  version: number;
}

const memberBlockSchema = new Schema<MemberBlockDoc>(
  {
    _id: String,
    blockerId: { type: String, required: true },
    blockedId: { type: String, required: true },
    active: { type: Boolean, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);
// The blocks among the members of a candidate circle (the matcher).
memberBlockSchema.index({ blockerId: 1, active: 1 });

export function memberBlockModel(conn: Connection): Model<MemberBlockDoc> {
  return (
    (conn.models.MemberBlock as Model<MemberBlockDoc> | undefined) ??
    conn.model<MemberBlockDoc>('MemberBlock', memberBlockSchema, 'member_blocks')
  );
}
