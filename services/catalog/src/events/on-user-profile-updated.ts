import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';
import { publishProfilePicture } from '../domain/publish-image';

/**
 * Keeps seller names, username and avatar on listing cards current (newer versions only), and
 * publishes the member's new picture when it is one of their uploads: a profile showing it is
 * what attaches it.
 */
export const onUserProfileUpdated =
  (deps: CatalogDeps) =>
  async ({ data }: EventEnvelope<'user.profile-updated'>): Promise<void> => {
    await deps.members.applyProfile(data.userId, data.version, {
      firstName: data.firstName,
      lastName: data.lastName,
      username: data.username,
      profileImage: data.profileImage,
    });
    if (!data.profileImage) return;
    const outcome = await publishProfilePicture(deps, data.userId, data.profileImage);
    if (typeof outcome === 'object') {
      deps.logger.warn({ userId: data.userId, reason: outcome.refused }, 'profile picture refused');
    }
  };
