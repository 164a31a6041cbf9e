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
    const doc = await this.model.findById(userId).lean<EntitlementDoc>().exec();
    return isSubscribed(doc?.status);
  }

  apply(userId: string, status: string, at: Date, currentPeriodEnd?: Date): Promise<void> {
    return guardedUpsert(this.model, userId, 'at', at, {
      status,
      currentPeriodEnd: currentPeriodEnd ?? null,
    });
  }
}
