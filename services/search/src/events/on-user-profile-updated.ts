import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

/** Names, username and avatar on the seller's cards; the event carries the whole profile. */
export const onUserProfileUpdated =
  (deps: SearchDeps) =>
  async ({ data }: EventEnvelope<'user.profile-updated'>): Promise<void> => {
    await deps.projector.profileChanged(data.userId, data.version, {
      firstName: data.firstName,
      lastName: data.lastName,
      username: data.username,
      profileImage: data.profileImage,
    });
  };
