/**
 * Notifications (SPEC §3): what each type says, and the subscriber gate of SPEC §6. Texts are built
 * when the notification is created; the gate is applied when it is read, so subscribing later
 * reveals the details of proposals already received.
 */
import { isSubscribed } from '@swapbooth/contracts';

export const notificationTypes = [
  'exchange_proposal',
  'proposal_countered',
  'proposal_accepted',
  'proposal_rejected',
  'proposal_cancelled',
  'proposal_expired',
  'proposal_unavailable',
  'proposal_shipped',
  'proposal_delivered',
  'proposal_completed',
  'ship_reminder',
  'ship_overdue',
  'ship_extended',
  'delivery_assumed',
  'report_window',
  'new_message',
  'new_rating',
  'new_follower',
  'subscription_changed',
  'identity_verified',
  'listing_moderated',
  'circle_proposed',
  'circle_accepted',
  'circle_dissolved',
  'dispute_opened',
  'dispute_answered',
  'dispute_escalated',
  'dispute_resolved',
  'member_warned',
  'circle_problem',
  'saved_search_match',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** SPEC §6: what a member without an active or trialing subscription reads for a proposal received. */
export const GATED_PROPOSAL_MESSAGE =
  'Someone sent a proposal for your listing/s. Subscribe to view details';

/**
 * What the receiver of a locked proposal (SPEC §6) reads in place of a text that names the other
 * party. Types whose texts name no one (expired, unavailable, completed) are shown as they are.
 */
const gatedMessages: Partial<Record<NotificationType, string>> = {
  exchange_proposal: GATED_PROPOSAL_MESSAGE,
  proposal_countered: 'A proposal for your listing/s has new terms. Subscribe to view details',
  new_message:
    'You have a new message about a proposal for your listing/s. Subscribe to view details',
  proposal_accepted: 'A proposal for your listing/s was accepted. Subscribe to view details',
  proposal_rejected: 'A proposal for your listing/s was rejected. Subscribe to view details',
  proposal_cancelled: 'A proposal for your listing/s was cancelled. Subscribe to view details',
  proposal_shipped:
    'Items of a proposal for your listing/s were shipped. Subscribe to view details',
  proposal_delivered:
    'Items of a proposal for your listing/s were delivered. Subscribe to view details',
};

/** Whether the notification's text could name the other party of a proposal. */
export const namesProposalParty = (n: Notification): boolean =>
  typeof n.data.proposal_id === 'string' && gatedMessages[n.type] !== undefined;

export interface Notification {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  /** The full text; for exchange_proposal the gate may replace it when read. */
  message: string;
  data: Record<string, string | number>;
  isRead: boolean;
  createdAt: Date;
}

/**
 * The notification as a member reads it. `locked`: it is about a proposal whose details are locked
 * for the reader (SPEC §6), so its text names no one and its data carries only the ids.
 */
export function shownTo(n: Notification, locked: boolean) {
  const gated = locked && namesProposalParty(n) ? gatedMessages[n.type] : undefined;
  const data = gated
    ? {
        proposal_id: n.data.proposal_id,
        ...(n.data.conversation_id ? { conversation_id: n.data.conversation_id } : {}),
      }
    : n.data;
  return {
    notification_id: n.id,
    type: n.type,
    title: n.title,
    message: gated ?? n.message,
    data: JSON.stringify(data),
    is_read: n.isRead,
    created_at: n.createdAt.toISOString(),
  };
}
export type ShownNotification = ReturnType<typeof shownTo>;

/** "A and B" / "A, B and C" with at most three names, then "and N more". */
export function listOf(names: string[]): string {
  const shown = names.slice(0, 3);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

const quoted = (titles: string[]) => titles.map((t) => `"${t}"`);

/** The texts of each type; names and titles come from the projections and may be unknown. */
export const texts = {
  exchange_proposal: (sender: string, listings: string[]) => ({
    title: 'New exchange proposal',
    message:
      listings.length > 0
        ? `${sender} sent you a proposal for ${listOf(quoted(listings))}`
        : `${sender} sent you a proposal`,
  }),
  proposal_countered: (actor: string) => ({
    title: 'Counter-offer received',
    message: `${actor} sent a counter-offer on your proposal`,
  }),
  proposal_accepted: (actor: string) => ({
    title: 'Proposal accepted',
    message: `${actor} accepted your proposal`,
  }),
  proposal_rejected: (actor: string) => ({
    title: 'Proposal rejected',
    message: `${actor} rejected your proposal`,
  }),
  proposal_cancelled: (actor: string) => ({
    title: 'Proposal cancelled',
    message: `${actor} cancelled the proposal`,
  }),
  proposal_expired: () => ({
    title: 'Proposal expired',
    message: 'A proposal expired without an answer',
  }),
  proposal_unavailable: () => ({
    title: 'Proposal unavailable',
    message: 'A listing in this proposal is no longer available',
  }),
  proposal_shipped: (actor: string) => ({
    title: 'Items shipped',
    message: `${actor} marked their items as shipped`,
  }),
  proposal_delivered: (actor: string) => ({
    title: 'Items delivered',
    message: `${actor} marked the items as delivered`,
  }),
  proposal_completed: () => ({
    title: 'Exchange completed',
    message: 'Your exchange is complete. Rate your exchange partner',
  }),
  // The trade clocks (texts name no one, so the subscriber gate leaves them as they are).
  ship_reminder: (by: string) => ({
    title: 'Time to ship',
    message: `Half of your shipping time is over: mark your parcel shipped (or your service started) by ${by}`,
  }),
  ship_overdue_shipper: (by: string) => ({
    title: 'Shipping deadline passed',
    message: `You did not mark your parcel shipped by ${by}: your exchange partner may now cancel the exchange`,
  }),
  ship_overdue_partner: (by: string) => ({
    title: 'Your partner has not shipped',
    message: `Your exchange partner did not ship by ${by}: you may cancel without penalty or give them more time once`,
  }),
  ship_extended: (by: string) => ({
    title: 'More time to ship',
    message: `Your exchange partner gave you until ${by} to ship your parcel`,
  }),
  delivery_assumed: () => ({
    title: 'Parcel counts as delivered',
    message:
      'A parcel sent to you was shipped long ago and now counts as delivered. If it did not arrive, report a problem',
  }),
  report_window: (on: string) => ({
    title: 'Everything delivered',
    message: `Your exchange completes automatically on ${on} unless you report a problem`,
  }),
  new_message: (sender: string, count: number) => ({
    title: 'New message',
    message: count > 1 ? `${count} new messages from ${sender}` : `${sender} sent you a message`,
  }),
  new_rating: (rater: string, value: number) => ({
    title: 'New rating',
    message: `${rater} rated you ${value} ${value === 1 ? 'heart' : 'hearts'}`,
  }),
  new_follower: (follower: string) => ({
    title: 'New follower',
    message: `${follower} started following you`,
  }),
  subscription_changed: (status: string) => ({
    title: 'Subscription updated',
    message: isSubscribed(status)
      ? 'Your subscription is active: proposal details are now visible'
      : `Your subscription is now ${status.replace(/_/g, ' ')}`,
  }),
  identity_verified: () => ({
    title: 'ID verified',
    message: 'Your identity is verified: your listings now show the ID Verified badge',
  }),
  listing_moderated: (outcome: ListingModeration, listing?: string, reason?: string) => {
    const what = listing ? `Your listing "${listing}"` : 'Your listing';
    const done = outcome === 'published' ? 'published again' : outcome;
    return {
      title: `Your listing was ${done}`,
      message: `${what} was ${done} by a moderator${reason ? `. Reason: ${reason}` : ''}`,
    };
  },
  circle_proposed: (size: number, gives: string, receives: string) => ({
    title: 'A trade circle for you',
    message: `A trade circle of ${size} members wants your "${gives}": you would receive "${receives}". Accept or decline it`,
  }),
  circle_accepted: (size: number, gives: string, receives: string) => ({
    title: 'Trade circle accepted',
    message: `Everyone in the trade circle of ${size} accepted: ship "${gives}" and look out for "${receives}"`,
  }),
  circle_dissolved: (reason: 'declined' | 'expired' | 'unavailable', gives: string) => ({
    title: 'Trade circle called off',
    message: `${
      reason === 'declined'
        ? 'A member declined the trade circle'
        : reason === 'expired'
          ? 'Not every member answered the trade circle in time'
          : 'A listing in the trade circle is no longer available'
    }; your "${gives}" is free again`,
  }),
  saved_search_match: (listing: string, search?: string, distance?: number) => ({
    title: 'New match for your saved search',
    message: `"${listing}"${distance !== undefined ? `, ${distance} mi away,` : ''} matches ${
      search ? `your saved search "${search}"` : 'one of your saved searches'
    }`,
  }),
} as const;

/** What an admin's moderation did to a listing, as its seller is told. */
export type ListingModeration = 'published' | 'hidden' | 'removed';

/** Types a party may ask to be sent to the other party of a proposal (POST /api/notifications/create). */
export const clientCreatableTypes = [
  'exchange_proposal',
  'proposal_accepted',
  'proposal_rejected',
  'proposal_cancelled',
  'proposal_shipped',
  'proposal_delivered',
  'proposal_completed',
] as const satisfies readonly NotificationType[];
export type ClientCreatableType = (typeof clientCreatableTypes)[number];

/**
 * The key that makes a notification unique. Proposal steps that happen once are keyed by proposal,
 * type and recipient, so the event and the client's own create call make one notification between
 * them; repeatable ones by the event id.
 */
export const onceKey = (type: NotificationType, proposalId: string, userId: string): string =>
  `${type}:${proposalId}:${userId}`;
