import type { EventEnvelope } from '@swapbooth/contracts';
import type { Profiles } from '../domain/profiles';

/** A member's profile username follows their store's username (catalog owns the store). */
export const onBoothChanged =
  (profiles: Profiles) =>
  async (e: EventEnvelope<'booth.created'> | EventEnvelope<'booth.updated'>): Promise<void> => {
    await profiles.setUsername(e.data.userId, e.data.username);
  };
