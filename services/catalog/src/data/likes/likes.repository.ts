import type { Connection, Model } from 'mongoose';
import { pushEvents } from '@swapbooth/event-bus';
import type { DomainEvent } from '@swapbooth/event-bus';
import type { LikeRepository } from '../../domain/likes';
import { isDuplicateKey, toOutbox } from '@swapbooth/event-bus';
import { likeModel, type LikeDoc } from './like.model';

const likeId = (userId: string, productId: string) => `${userId}:${productId}`;

/** The only code that touches the likes collection. */
export class LikesRepository implements LikeRepository {
  private readonly model: Model<LikeDoc>;

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.model = likeModel(conn);
  }

  async like(
    userId: string,
    productId: string,
    event: DomainEvent<'product.liked'>,
  ): Promise<boolean> {
    try {
      // Matches a missing or inactive like; an active one makes the upsert collide (already liked).
      await this.model
        .updateOne(
          { _id: likeId(userId, productId), active: { $ne: true } },
          pushEvents(
            { $set: { userId, productId, active: true, likedAt: new Date() } },
            toOutbox([event], 'catalog'),
          ),
          { upsert: true },
        )
        .exec();
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    this.published();
    return true;
  }

  async unlike(
    userId: string,
    productId: string,
    event: DomainEvent<'product.unliked'>,
  ): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: likeId(userId, productId), active: true },
        pushEvents({ $set: { active: false } }, toOutbox([event], 'catalog')),
      )
      .exec();
    if (res.modifiedCount === 0) return false;
    this.published();
    return true;
  }

  async likedProductIds(userId: string): Promise<string[]> {
    const docs = await this.model
      .find({ userId, active: true }, { productId: 1 })
      .sort({ likedAt: -1 })
      .limit(1000)
      .lean<{ productId: string }[]>()
      .exec();
    return docs.map((d) => d.productId);
  }
}
