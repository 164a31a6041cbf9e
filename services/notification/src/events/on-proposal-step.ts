import type { EventEnvelope } from '@swapbooth/contracts';
import type { ClockEventType, ProposalSteps } from '../domain/proposal-steps';

/** proposal.* → notifications for the party who did not act, trade e-mails, a live status push. */
export const onProposalStep =
  (steps: ProposalSteps) =>
  async (
    e: EventEnvelope<
      | 'proposal.created'
      | 'proposal.countered'
      | 'proposal.accepted'
      | 'proposal.rejected'
      | 'proposal.cancelled'
      | 'proposal.expired'
      | 'proposal.unavailable'
      | 'proposal.completed'
    >,
  ): Promise<void> => {
    await steps.handle(e);
  };

/** proposal.ship-reminder, ship-overdue, ship-extended, delivery-assumed, report-window-opened. */
export const onTradeClock =
  (steps: ProposalSteps) =>
  async (e: EventEnvelope<ClockEventType>): Promise<void> => {
    await steps.clock(e);
  };

/** proposal.shipping-updated → proposal_shipped / proposal_delivered for the other party. */
export const onShippingUpdated =
  (steps: ProposalSteps) =>
  async (e: EventEnvelope<'proposal.shipping-updated'>): Promise<void> => {
    await steps.shipping(e);
  };
