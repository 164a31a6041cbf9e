import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';

/**
 * One member's like of one listing, keyed `<userId>:<productId>`. Unliking flips `active` rather
 * than deleting, so the unliked event is written in the same document update.
 */
export interface LikeDoc {
  _id: string;
  userId: string;
  productId: string;
  active: boolean;
  likedAt: Date;
}

const likeSchema = new Schema<LikeDoc>(
  {
    _id: { type: String },
    userId: { type: String, required: true },
    productId: { type: String, required: true },
    active: { type: Boolean, required: true },
    likedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// likedProductIds: a member's active likes, newest first.
likeSchema.index({ userId: 1, active: 1, likedAt: -1 });
likeSchema.plugin(outboxPlugin);

export function likeModel(conn: Connection): Model<LikeDoc> {
  return (
    (conn.models.Like as Model<LikeDoc> | undefined) ??
    conn.model<LikeDoc>('Like', likeSchema, 'likes')
  );
}
