import type { ClientCreatableType } from './notification';
import type { ProposalParties } from './ports';

/** Statuses in which a proposal is still open to an answer. */
const openStatuses = ['pending', 'countered'];

/**
 * Whether the proposal, as exchange's events last told this service, has reached the step a party
 * asks to announce, taken by that party (POST /api/notifications/create). A party may only repeat
 * a step that happened, never announce one ahead of it.
 */
export function stepReached(
  type: ClientCreatableType,
  p: ProposalParties,
  callerId: string,
): boolean {
  const actors = p.stepActors ?? {};
  switch (type) {
    case 'exchange_proposal':
      return callerId === p.senderId && openStatuses.includes(p.status);
    case 'proposal_accepted':
      return p.accepted === true && actors.accepted === callerId;
    case 'proposal_rejected':
      return p.status === 'rejected' && actors.rejected === callerId;
    case 'proposal_cancelled':
      return p.status === 'cancelled' && actors.cancelled === callerId;
    case 'proposal_shipped':
      return (p.shippedBy ?? []).includes(callerId);
    case 'proposal_delivered':
      return (p.deliveredBy ?? []).includes(callerId);
    case 'proposal_completed':
      return p.status === 'completed';
  }
}
