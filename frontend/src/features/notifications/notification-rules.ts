import type { AppNotification } from './notifications-api';

/** Notification types that open the proposal they are about (SPEC §4). */
export const PROPOSAL_TYPES = ['exchange_proposal', 'proposal_accepted', 'proposal_rejected'];

export const NotificationMessages = {
  noProposal: 'Unable to view proposal details',
  failed: 'Unable to process notification',
  subscribeToView: 'Someone sent a proposal for your listing/s. Subscribe to view details',
} as const;

/** What a click on a notification leads to. */
export type NotificationTarget =
  { kind: 'proposal'; proposalId: string } | { kind: 'none' } | { kind: 'error'; message: string };

export function notificationTarget(n: AppNotification): NotificationTarget {
  if (!PROPOSAL_TYPES.includes(n.type)) return { kind: 'none' };
  let data: unknown;
  try {
    data = n.data ? JSON.parse(n.data) : {};
  } catch {
    return { kind: 'error', message: NotificationMessages.failed };
  }
  const id = (data as { proposal_id?: unknown } | null)?.proposal_id;
  if (typeof id === 'string' || typeof id === 'number')
    return { kind: 'proposal', proposalId: String(id) };
  return { kind: 'error', message: NotificationMessages.noProposal };
}

/** Non-subscribers see a prompt instead of the details of a new proposal (SPEC §6). */
export function visibleMessage(n: AppNotification, subscribed: boolean): string {
  if (n.type === 'exchange_proposal' && !subscribed) return NotificationMessages.subscribeToView;
  return n.message;
}
