/**
 * The subscription gate of SPEC §4 and §6, in one place for every service that shows a proposal's
 * details (exchange's proposal views, chat's conversations, notification's texts).
 */

/** SPEC §4: a member is subscribed only while the status is active or trialing. */
export const ENTITLED_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing'];

/** Whether a subscription status opens proposal details. */
export const isSubscribed = (status: string | null | undefined): boolean =>
  status !== null && status !== undefined && ENTITLED_SUBSCRIPTION_STATUSES.includes(status);

/**
 * SPEC §6: a proposal's details are locked for its receiver until they subscribe or accept it; the
 * sender (and any party once the exchange was accepted) always sees them. A locked view shows no
 * sender, no offered listings and no words from the other party.
 */
export function proposalDetailsLocked(
  proposal: { receiverId: string; accepted: boolean },
  viewerId: string,
  viewerSubscribed: boolean,
): boolean {
  return viewerId === proposal.receiverId && !viewerSubscribed && !proposal.accepted;
}
