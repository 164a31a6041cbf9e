import type { Connection } from 'mongoose';
import type { EventData } from '@swapbooth/contracts';
import type { Page, SubscriptionQuery, SubscriptionRow } from '../../domain/projection';
import { projectionModels, type ProjectionModels, type SubscriptionDoc } from './projection.models';
import { pageOf } from './page';

const subscriptionRow = ({ _id, ...d }: SubscriptionDoc): SubscriptionRow => ({
  userId: _id,
  ...d,
});

/**
 * The subscriptions projection (payment's subscription.changed), one row per member; an event
 * older than the stored change is skipped.
 */
export class SubscriptionsRepository {
  private readonly subscriptions: ProjectionModels['subscriptions'];

  constructor(conn: Connection) {
    this.subscriptions = projectionModels(conn).subscriptions;
  }

  async changed(d: EventData<'subscription.changed'>, at: Date) {
    const current = await this.subscriptions.findById(d.userId).lean<SubscriptionDoc>().exec();
    if (current && current.updatedAt > at) return;
    await this.subscriptions
      .updateOne(
        { _id: d.userId },
        {
          $set: {
            status: d.status,
            updatedAt: at,
            currentPeriodEnd: d.currentPeriodEnd ?? null,
            ...(d.subscriptionId ? { subscriptionId: d.subscriptionId } : {}),
            ...(d.customerId ? { customerId: d.customerId } : {}),
          },
        },
        { upsert: true },
      )
      .exec();
  }

  async list(q: SubscriptionQuery): Promise<Page<SubscriptionRow>> {
    const filter: Record<string, unknown> = {};
    if (q.status) filter.status = q.status;
    if (q.userId) filter._id = q.userId;
    return pageOf(this.subscriptions, filter, { updatedAt: -1, _id: 1 }, q, subscriptionRow);
  }

  async findBySubscriptionId(subscriptionId: string) {
    const d = await this.subscriptions.findOne({ subscriptionId }).lean<SubscriptionDoc>().exec();
    return d ? subscriptionRow(d) : undefined;
  }

  /** Every subscription with the field the dashboard counts. */
  counted() {
    return this.subscriptions.find({}, { status: 1 }).lean().exec();
  }
}
