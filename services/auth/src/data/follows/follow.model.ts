import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';

/**
 * One follower → followed pair, keyed `${followerId}:${followingId}` so following is idempotent.
 * Unfollowing clears `active` rather than deleting, so the unfollow event can ride on the document.
 */
export interface FollowDoc {
  _id: string;
  followerId: string;
  followingId: string;
  active: boolean;
  since: Date;
}

const followSchema = new Schema<FollowDoc>(
  {
    _id: { type: String, required: true },
    followerId: { type: String, required: true },
    followingId: { type: String, required: true },
    active: { type: Boolean, required: true },
    since: { type: Date, required: true },
  },
  { versionKey: false },
);
// followers(userId) newest first, and countFollowers.
followSchema.index({ followingId: 1, active: 1, since: -1, _id: 1 });
// following(userId) newest first, and countFollowing.
followSchema.index({ followerId: 1, active: 1, since: -1, _id: 1 });
followSchema.plugin(outboxPlugin);

export function followModel(conn: Connection): Model<FollowDoc> {
  return (
    (conn.models.Follow as Model<FollowDoc> | undefined) ??
    conn.model<FollowDoc>('Follow', followSchema, 'follows')
  );
}
