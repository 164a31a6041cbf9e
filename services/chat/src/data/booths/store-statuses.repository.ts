import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { StoreStatuses } from '../../domain/ports';
import { storeStatusModel, type StoreStatusDoc } from './store-status.model';

/**
 * Every message checks both parties' stores: a status read is kept this long in the process. A
 * suspension this replica did not record itself takes effect here within this time (it already
 * travels through Kafka first).
 */
const CACHE_MS = 5_000;

/** The only code that touches the store_statuses collection. */
export class StoreStatusesRepository implements StoreStatuses {
  private readonly model: Model<StoreStatusDoc>;
  private readonly cache = new Map<string, { status: string; at: number }>();

  constructor(conn: Connection) {
    this.model = storeStatusModel(conn);
  }

  async anySuspended(userIds: string[]): Promise<boolean> {
    const statuses = await Promise.all(userIds.map((id) => this.statusOf(id)));
    return statuses.some((s) => s === 'suspended');
  }

  private async statusOf(userId: string): Promise<string> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.status;
    const d = await this.model.findById(userId).lean<StoreStatusDoc>().exec();
    const status = d?.status ?? 'none';
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(userId, { status, at: Date.now() });
    return status;
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
    } finally {
      this.cache.delete(userId);
    }
  }
}
