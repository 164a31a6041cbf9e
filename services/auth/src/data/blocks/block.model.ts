import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';

/**
 * One blocker → blocked pair, keyed `${blockerId}:${blockedId}` so blocking is idempotent.
 * Unblocking clears `active` rather than deleting, so the unblock event can ride on the document;
 * `version` counts the pair's changes, and its events carry it so consumers keep the newest.
 */
export interface BlockDoc {
  _id: string;
  blockerId: string;
  blockedId: string;
  active: boolean;
  since: Date;
  version: number;
}

const blockSchema = new Schema<BlockDoc>(
  {
    _id: { type: String, required: true },
    blockerId: { type: String, required: true },
    blockedId: { type: String, required: true },
    active: { type: Boolean, required: true },
    since: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);
// blockedBy(userId) newest first: a member's block list in My Account.
blockSchema.index({ blockerId: 1, active: 1, since: -1, _id: 1 });
blockSchema.plugin(outboxPlugin);

export function blockModel(conn: Connection): Model<BlockDoc> {
  return (
    (conn.models.Block as Model<BlockDoc> | undefined) ??
    conn.model<BlockDoc>('Block', blockSchema, 'blocks')
  );
}
