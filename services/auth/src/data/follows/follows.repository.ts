import type { Connection, Model } from 'mongoose';
import { pushEvents } from '@swapbooth/event-bus';
import type { DomainEvent } from '@swapbooth/event-bus';
import { isDuplicateKey, toOutbox, type EventsWritten } from '@swapbooth/event-bus';
import type { FollowPage, FollowRepository } from '../../domain/ports';
import { followModel, type FollowDoc } from './follow.model';

const keyOf = (followerId: string, followingId: string) => `${followerId}:${followingId}`;

/** The only code that touches the follows collection. */
export class FollowsRepository implements FollowRepository {
  private readonly model: Model<FollowDoc>;

  constructor(
    conn: Connection,
    private readonly eventsWritten: EventsWritten,
  ) {
    this.model = followModel(conn);
  }

  /** Starts following with its event; false when already following (nothing written). */
  async follow(followerId: string, followingId: string, event: DomainEvent): Promise<boolean> {
    try {
      const res = await this.model
        .updateOne(
          { _id: keyOf(followerId, followingId), active: { $ne: true } },
          pushEvents(
            { $set: { followerId, followingId, active: true, since: new Date() } },
            toOutbox([event], 'auth'),
          ),
          { upsert: true },
        )
        .exec();
      if (res.matchedCount === 0 && res.upsertedCount === 0) return false;
    } catch (err) {
      // The pair exists and is active: the upsert's insert collided with it.
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    this.eventsWritten();
    return true;
  }

  /** Stops following with its event; false when not following (nothing written). */
  async unfollow(followerId: string, followingId: string, event: DomainEvent): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: keyOf(followerId, followingId), active: true },
        pushEvents({ $set: { active: false } }, toOutbox([event], 'auth')),
      )
      .exec();
    if (res.matchedCount === 0) return false;
    this.eventsWritten();
    return true;
  }

  async isFollowing(followerId: string, followingId: string): Promise<boolean> {
    return (
      (await this.model.exists({ _id: keyOf(followerId, followingId), active: true }).exec()) !==
      null
    );
  }

  async countFollowers(userId: string): Promise<number> {
    return this.model.countDocuments({ followingId: userId, active: true }).exec();
  }

  async countFollowing(userId: string): Promise<number> {
    return this.model.countDocuments({ followerId: userId, active: true }).exec();
  }

  /** Who follows userId, newest first. */
  async followers(userId: string, skip: number, limit: number): Promise<FollowPage> {
    return this.page({ followingId: userId, active: true }, 'followerId', skip, limit);
  }

  /** Whom userId follows, newest first. */
  async following(userId: string, skip: number, limit: number): Promise<FollowPage> {
    return this.page({ followerId: userId, active: true }, 'followingId', skip, limit);
  }

  private async page(
    filter: Record<string, unknown>,
    field: 'followerId' | 'followingId',
    skip: number,
    limit: number,
  ): Promise<FollowPage> {
    const [rows, total] = await Promise.all([
      this.model
        .find(filter, { [field]: 1 })
        .sort({ since: -1, _id: 1 })
        .skip(skip)
        .limit(limit)
        .lean<FollowDoc[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { userIds: rows.map((r) => r[field]), total };
  }
}
