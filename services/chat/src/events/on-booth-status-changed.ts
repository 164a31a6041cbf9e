import type { EventEnvelope } from '@swapbooth/contracts';
import type { StoreStatuses } from '../domain/ports';

/** booth.created/updated/status-changed → whether the member's store is suspended. */
export const onBoothChanged =
  (stores: StoreStatuses) =>
  async (
    e: EventEnvelope<'booth.created' | 'booth.updated' | 'booth.status-changed'>,
  ): Promise<void> => {
    await stores.record(e.data.userId, e.data.status, e.data.version);
  };
