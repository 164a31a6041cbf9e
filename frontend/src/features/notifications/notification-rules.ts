import type { AppNotification } from './notifications-api';

/** Notification types that open the proposal they are about (SPEC §4, and every later step). */
export const PROPOSAL_TYPES = [
  'exchange_proposal',
  'proposal_accepted',
  'proposal_rejected',
  'proposal_countered',
  'proposal_cancelled',
  'proposal_expired',
  'proposal_unavailable',
  'proposal_shipped',
  'proposal_delivered',
  'proposal_completed',
  // The trade clocks: reminders, deadlines, extensions, assumed deliveries, the report window.
  'ship_reminder',
  'ship_overdue',
  'ship_extended',
  'delivery_assumed',
  'report_window',
];

/** Types that open the conversation of their proposal. */
export const MESSAGE_TYPES = ['new_message'];

/** Types about a trade circle the member is in (proposed, accepted, dissolved): they open it. */
export const isCircleType = (type: string) => type.startsWith('circle_');

/** Types about the member's own listings (an admin moderated one): they open the member's store. */
export const STORE_TYPES = ['listing_moderated'];

export const NotificationMessages = {
  noProposal: 'Unable to view proposal details',
  failed: 'Unable to process notification',
  subscribeToView: 'Someone sent a proposal for your listing/s. Subscribe to view details',
} as const;

/** Types about a listing (a saved search matched it): they open the listing. */
export const LISTING_TYPES = ['saved_search_match'];

/** The picture a notification shows beside its text (a saved search's match: the listing's). */
export function notificationImage(n: AppNotification): string | undefined {
  if (!LISTING_TYPES.includes(n.type)) return undefined;
  try {
    const image = (JSON.parse(n.data || '{}') as { image_url?: unknown } | null)?.image_url;
    return typeof image === 'string' && image ? image : undefined;
  } catch {
    return undefined;
  }
}

/** What a click on a notification leads to. */
export type NotificationTarget =
  | { kind: 'listing'; slug: string }
  | { kind: 'proposal'; proposalId: string }
  | { kind: 'messages'; proposalId: string }
  | { kind: 'circle'; circleId: string }
  | { kind: 'my-store' }
  | { kind: 'none' }
  | { kind: 'error'; message: string };

export function notificationTarget(n: AppNotification): NotificationTarget {
  if (STORE_TYPES.includes(n.type)) return { kind: 'my-store' };
  if (LISTING_TYPES.includes(n.type)) {
    let slug: unknown;
    try {
      slug = (JSON.parse(n.data || '{}') as { slug?: unknown } | null)?.slug;
    } catch {
      return { kind: 'error', message: NotificationMessages.failed };
    }
    return typeof slug === 'string' && slug
      ? { kind: 'listing', slug }
      : { kind: 'error', message: NotificationMessages.failed };
  }
  if (isCircleType(n.type)) {
    let circleId: unknown;
    try {
      circleId = (JSON.parse(n.data || '{}') as { circle_id?: unknown } | null)?.circle_id;
    } catch {
      return { kind: 'error', message: NotificationMessages.failed };
    }
    return typeof circleId === 'string' && circleId
      ? { kind: 'circle', circleId }
      : { kind: 'error', message: NotificationMessages.failed };
  }
  const proposalType = PROPOSAL_TYPES.includes(n.type);
  const messageType = MESSAGE_TYPES.includes(n.type);
  if (!proposalType && !messageType) return { kind: 'none' };
  let data: unknown;
  try {
    data = n.data ? JSON.parse(n.data) : {};
  } catch {
    return { kind: 'error', message: NotificationMessages.failed };
  }
  const id = (data as { proposal_id?: unknown } | null)?.proposal_id;
  if (typeof id === 'string' || typeof id === 'number')
    return { kind: messageType ? 'messages' : 'proposal', proposalId: String(id) };
  return {
    kind: 'error',
    message: proposalType ? NotificationMessages.noProposal : NotificationMessages.failed,
  };
}

/** Non-subscribers see a prompt instead of the details of a new proposal (SPEC §6). */
export function visibleMessage(n: AppNotification, subscribed: boolean): string {
  if (n.type === 'exchange_proposal' && !subscribed) return NotificationMessages.subscribeToView;
  return n.message;
}
