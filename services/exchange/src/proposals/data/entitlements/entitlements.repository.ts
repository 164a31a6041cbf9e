import type { Connection, Model } from 'mongoose';
import { isSubscribed } from '@swapbooth/contracts';
import type { Entitlements } from '../../domain/proposal-ports';
import { guardedUpsert } from '../../../shared/data/guarded-upsert';
import { entitlementModel, type EntitlementDoc } from './entitlement.model';

/** The only code that touches the entitlements projection. */
export class EntitlementsRepository implements Entitlements {
  private readonly model: Model<EntitlementDoc>;

  constructor(conn: Connection) {
    this.model = entitlementModel(conn);
  }

  async isEntitled(userId: string): Promise<boolean> {
    // Through the driver: a plain read by _id needs none of mongoose's query building.
    const doc = await this.model.db
      .collection<EntitlementDoc>(this.model.collection.collectionName)
      .findOne({ _id: userId }, { projection: { status: 1 } });
    return isSubscribed(doc?.status);
  }

  apply(userId: string, status: string, at: Date, currentPeriodEnd?: Date): Promise<void> {
    return guardedUpsert(this.model, userId, 'at', at, {
      status,
      currentPeriodEnd: currentPeriodEnd ?? null,
    });
  }
}
