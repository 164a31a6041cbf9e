import type { EventEnvelope } from '@swapbooth/contracts';
import { onceKey, texts } from '../domain/notification';
import type { Notifier } from '../domain/notifier';
import type { MemberDirectory } from '../domain/ports';
import type { TradeEmails } from '../domain/trade-emails';

/** rating.created → new_rating for the member rated. */
export const onRatingCreated =
  (notifier: Notifier) =>
  async (e: EventEnvelope<'rating.created'>): Promise<void> => {
    const d = e.data;
    await notifier.create({
      id: `new_rating:${d.ratingId}`,
      userId: d.ratedUserId,
      type: 'new_rating',
      ...texts.new_rating(await notifier.nameOf(d.raterId), d.ratingValue),
      data: { proposal_id: d.proposalId, rating_id: d.ratingId },
    });
  };

/**
 * user.followed → new_follower for the member followed, at most once per follower and UTC day: a
 * member who unfollows and follows again in a loop does not reach the other every time.
 */
export const onUserFollowed =
  (notifier: Notifier) =>
  async (e: EventEnvelope<'user.followed'>): Promise<void> => {
    const d = e.data;
    const at = new Date(e.occurredAt);
    const day = (Number.isNaN(at.getTime()) ? new Date() : at).toISOString().slice(0, 10);
    await notifier.create({
      id: `new_follower:${d.followerId}:${d.followingId}:${day}`,
      userId: d.followingId,
      type: 'new_follower',
      ...texts.new_follower(await notifier.nameOf(d.followerId)),
      data: { follower_id: d.followerId },
    });
  };

/** subscription.changed → the member's status (the gate), a notification and the e-mail. */
export const onSubscriptionChanged =
  (notifier: Notifier, members: MemberDirectory, emails: TradeEmails) =>
  async (e: EventEnvelope<'subscription.changed'>): Promise<void> => {
    const d = e.data;
    await members.recordSubscription(d.userId, d.status, d.subscriptionId);
    await notifier.create({
      id: `${e.id}:${d.userId}`,
      userId: d.userId,
      type: 'subscription_changed',
      ...texts.subscription_changed(d.status),
      data: { status: d.status },
    });
    await emails.forSubscription(d.userId);
  };

/** identity.verified → identity_verified, once per member. */
export const onIdentityVerified =
  (notifier: Notifier) =>
  async (e: EventEnvelope<'identity.verified'>): Promise<void> => {
    if (!e.data.verified) return;
    await notifier.create({
      id: onceKey('identity_verified', '-', e.data.userId),
      userId: e.data.userId,
      type: 'identity_verified',
      ...texts.identity_verified(),
      data: {},
    });
  };
