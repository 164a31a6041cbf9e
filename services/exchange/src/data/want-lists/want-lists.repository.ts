import type { Connection, Model } from 'mongoose';
import type { WantList, WantListStore } from '../../domain/circle-ports';
import {
  wantListModel,
  wantListOwnerModel,
  type WantListDoc,
  type WantListOwnerDoc,
} from './want-list.model';

const toWantList = (d: WantListDoc): WantList => ({
  productId: d._id,
  ownerId: d.ownerId,
  wants: [...d.wants],
  updatedAt: d.updatedAt,
});

/** The only code that touches the want lists and their per-member index. */
export class WantListsRepository implements WantListStore {
  private readonly lists: Model<WantListDoc>;
  private readonly owners: Model<WantListOwnerDoc>;

  constructor(conn: Connection) {
    this.lists = wantListModel(conn);
    this.owners = wantListOwnerModel(conn);
  }

  /** The member's index first: a stop in between leaves an id that reads skip. */
  async put(list: WantList): Promise<void> {
    await this.owners
      .updateOne(
        { _id: list.ownerId },
        { $addToSet: { productIds: list.productId } },
        { upsert: true },
      )
      .exec();
    await this.lists
      .updateOne(
        { _id: list.productId },
        { $set: { ownerId: list.ownerId, wants: list.wants, updatedAt: list.updatedAt } },
        { upsert: true },
      )
      .exec();
  }

  async remove(productId: string, ownerId: string): Promise<void> {
    await this.lists.deleteOne({ _id: productId }).exec();
    await this.owners.updateOne({ _id: ownerId }, { $pull: { productIds: productId } }).exec();
  }

  async find(productId: string): Promise<WantList | undefined> {
    const d = await this.lists.findById(productId).lean<WantListDoc>().exec();
    return d ? toWantList(d) : undefined;
  }

  async ofOwner(ownerId: string): Promise<WantList[]> {
    const index = await this.owners.findById(ownerId).lean<WantListOwnerDoc>().exec();
    const found = await Promise.all((index?.productIds ?? []).map((id) => this.find(id)));
    return found.filter((l): l is WantList => l !== undefined);
  }

  async all(): Promise<WantList[]> {
    const docs = await this.lists.find({}).lean<WantListDoc[]>().exec();
    return docs.map(toWantList);
  }
}
