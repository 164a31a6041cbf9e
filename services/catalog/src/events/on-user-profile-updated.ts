import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';

/** Keeps seller names, username and avatar on listing cards current (newer versions only). */
export const onUserProfileUpdated =
  (deps: CatalogDeps) =>
  async ({ data }: EventEnvelope<'user.profile-updated'>): Promise<void> => {
    await deps.members.applyProfile(data.userId, data.version, {
      firstName: data.firstName,
      lastName: data.lastName,
      username: data.username,
      profileImage: data.profileImage,
    });
  };
