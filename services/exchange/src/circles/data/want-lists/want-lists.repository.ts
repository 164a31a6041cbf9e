import type { Connection, Model } from 'mongoose';
import type { WantList, WantListStore } from '../../domain/circle-ports';
import { wantListModel, type WantListDoc } from './want-list.model';

const toWantList = (d: WantListDoc): WantList => ({
  productId: d._id,
  ownerId: d.ownerId,
  wants: [...d.wants],
  updatedAt: d.updatedAt,
});

/** The only code that touches the want lists. */
export class WantListsRepository implements WantListStore {
  private readonly lists: Model<WantListDoc>;

  constructor(conn: Connection) {
    this.lists = wantListModel(conn);
  }

  async put(list: WantList): Promise<void> {
    await this.lists
      .updateOne(
        { _id: list.productId },
        { $set: { ownerId: list.ownerId, wants: list.wants, updatedAt: list.updatedAt } },
        { upsert: true },
      )
      .exec();
  }

  async remove(productId: string): Promise<void> {
    await this.lists.deleteOne({ _id: productId }).exec();
  }

  async find(productId: string): Promise<WantList | undefined> {
    const d = await this.lists.findById(productId).lean<WantListDoc>().exec();
    return d ? toWantList(d) : undefined;
  }

  async ofOwner(ownerId: string): Promise<WantList[]> {
    const docs = await this.lists.find({ ownerId }).lean<WantListDoc[]>().exec();
    return docs.map(toWantList);
  }

  async all(): Promise<WantList[]> {
    const docs = await this.lists.find({}).lean<WantListDoc[]>().exec();
    return docs.map(toWantList);
  }
}
