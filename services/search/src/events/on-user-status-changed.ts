import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

/**
 * A suspended or deleted member's listings leave search; reinstatement brings them back. The
 * event has no version, so the time it happened orders it.
 */
export const onUserStatusChanged =
  (deps: SearchDeps) =>
  async ({ data, occurredAt }: EventEnvelope<'user.status-changed'>): Promise<void> => {
    await deps.projector.statusChanged(data.userId, new Date(occurredAt), data.status);
  };
