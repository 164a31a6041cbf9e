import type { EventEnvelope } from '@swapbooth/contracts';
import type { ProposalSteps } from '../domain/proposal-steps';

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

/** proposal.shipping-updated → proposal_shipped / proposal_delivered for the other party. */
export const onShippingUpdated =
  (steps: ProposalSteps) =>
  async (e: EventEnvelope<'proposal.shipping-updated'>): Promise<void> => {
    await steps.shipping(e);
  };
