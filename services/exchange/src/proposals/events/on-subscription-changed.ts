import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../../deps';

/** Entitlement to proposal details follows payment's word on the subscription (newest event wins). */
export const onSubscriptionChanged =
  (deps: ExchangeDeps) =>
  async (e: EventEnvelope<'subscription.changed'>): Promise<void> => {
    const end = e.data.currentPeriodEnd ? new Date(e.data.currentPeriodEnd) : undefined;
    await deps.entitlements.apply(
      e.data.userId,
      e.data.status,
      new Date(e.occurredAt),
      end && !Number.isNaN(end.getTime()) ? end : undefined,
    );
  };
