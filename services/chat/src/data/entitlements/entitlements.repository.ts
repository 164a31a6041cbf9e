import type { Connection, Model } from 'mongoose';
import { isSubscribed } from '@swapbooth/contracts';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { Entitlements } from '../../domain/ports';
import { entitlementModel, type EntitlementDoc } from './entitlement.model';

/** The only code that touches the entitlements collection (chat's view of subscriptions). */
export class EntitlementsRepository implements Entitlements {
  private readonly model: Model<EntitlementDoc>;

  constructor(conn: Connection) {
    this.model = entitlementModel(conn);
  }

  async isSubscribed(userId: string): Promise<boolean> {
    // Through the driver: asked on every conversation read (mongoose's query building costs more).
    const d = await this.model.db
      .collection<EntitlementDoc>(this.model.collection.collectionName)
      .findOne({ _id: userId });
    return isSubscribed(d?.status);
  }

  async record(userId: string, status: string, at: Date): Promise<void> {
    try {
      await this.model
        .updateOne({ _id: userId, at: { $lt: at } }, { $set: { status, at } }, { upsert: true })
        .exec();
    } catch (err) {
      // The stored report is newer: the upsert's insert met the existing document.
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
