import type { EventEnvelope } from '@swapbooth/contracts';
import type { Entitlements } from '../domain/ports';

/** subscription.changed → whether the member may read the conversations of proposals received. */
export const onSubscriptionChanged =
  (entitlements: Entitlements) =>
  async (e: EventEnvelope<'subscription.changed'>): Promise<void> => {
    await entitlements.record(e.data.userId, e.data.status, new Date(e.occurredAt));
  };
