import type { Connection, Model } from 'mongoose';
import type { BagItem, BagRepository } from '../../domain/bag';
import { isDuplicateKey } from '@swapbooth/event-bus';
import { bagItemModel, type BagItemDoc } from './bag-item.model';

const itemId = (userId: string, productId: string) => `${userId}:${productId}`;

/** The only code that touches the bag_items collection. */
export class BagItemsRepository implements BagRepository {
  private readonly model: Model<BagItemDoc>;

  constructor(conn: Connection) {
    this.model = bagItemModel(conn);
  }

  async add(userId: string, item: BagItem): Promise<void> {
    try {
      await this.model
        .updateOne(
          { _id: itemId(userId, item.productId) },
          { $setOnInsert: { userId, ...item } },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      // Two concurrent adds: the other one inserted it, which is the outcome we want.
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async remove(userId: string, productId: string): Promise<void> {
    await this.model.deleteOne({ _id: itemId(userId, productId), userId }).exec();
  }

  async items(userId: string): Promise<BagItem[]> {
    const docs = await this.model.find({ userId }).limit(500).lean<BagItemDoc[]>().exec();
    return docs.map((d) => ({ productId: d.productId, sellerId: d.sellerId, addedAt: d.addedAt }));
  }
}
