import type { EventEnvelope } from '@swapbooth/contracts';
import type { ListingTitles, MemberDirectory } from '../domain/ports';

/** user.registered / user.email-verified → where a member's e-mails go. */
export const onUserEmail =
  (members: MemberDirectory) =>
  async (e: EventEnvelope<'user.registered' | 'user.email-verified'>): Promise<void> => {
    await members.recordEmail(e.data.userId, e.data.email);
  };

/** user.profile-updated → the name others read in notifications. */
export const onUserProfileUpdated =
  (members: MemberDirectory) =>
  async (e: EventEnvelope<'user.profile-updated'>): Promise<void> => {
    const { userId, firstName, lastName, username, version } = e.data;
    await members.recordProfile(
      userId,
      {
        ...(firstName !== undefined ? { firstName } : {}),
        ...(lastName !== undefined ? { lastName } : {}),
        ...(username !== undefined ? { username } : {}),
      },
      version,
    );
  };

/** product.created / product.updated / product.status-changed → listing titles. */
export const onProductChanged =
  (titles: ListingTitles) =>
  async (
    e: EventEnvelope<'product.created' | 'product.updated' | 'product.status-changed'>,
  ): Promise<void> => {
    await titles.record(e.data.productId, e.data.title, e.data.version);
  };
