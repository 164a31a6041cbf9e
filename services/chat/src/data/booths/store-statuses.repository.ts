import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { StoreStatuses } from '../../domain/ports';
import { storeStatusModel, type StoreStatusDoc } from './store-status.model';

/** The only code that touches the store_statuses collection. */
export class StoreStatusesRepository implements StoreStatuses {
  private readonly model: Model<StoreStatusDoc>;

  constructor(conn: Connection) {
    this.model = storeStatusModel(conn);
  }

  async anySuspended(userIds: string[]): Promise<boolean> {
    const docs = await Promise.all(
      userIds.map((id) => this.model.findById(id).lean<StoreStatusDoc>().exec()),
    );
    return docs.some((d) => d?.status === 'suspended');
  }

  /** Keeps the newest status: an older version arriving late changes nothing. */
  async record(userId: string, status: string, version: number): Promise<void> {
    try {
      await this.model
        .updateOne(
          { _id: userId, version: { $lt: version } },
          { $set: { status, version } },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      // The stored version is newer: the upsert's insert met the existing document.
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
