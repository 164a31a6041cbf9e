import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../../deps';

/** Keeps the parties' names and pictures on proposals current (newer versions only). */
export const onUserProfileUpdated =
  (deps: ExchangeDeps) =>
  async ({ data }: EventEnvelope<'user.profile-updated'>): Promise<void> => {
    await deps.parties.applyProfile(data.userId, data.version, {
      firstName: data.firstName,
      lastName: data.lastName,
      username: data.username,
      profileImage: data.profileImage,
    });
  };
