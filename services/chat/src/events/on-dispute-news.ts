import type { EventEnvelope } from '@swapbooth/contracts';
import type { DisputeWindows } from '../domain/transcript';

/** dispute.opened / dispute.resolved → the exchange's chat opens to, or closes for, admins. */
export const onDisputeNews =
  (windows: DisputeWindows) =>
  async (e: EventEnvelope<'dispute.opened' | 'dispute.resolved'>): Promise<void> => {
    if (e.type === 'dispute.opened') await windows.opened(e.data.disputeId, e.data.proposalId);
    else await windows.closed(e.data.disputeId, e.data.proposalId);
  };
