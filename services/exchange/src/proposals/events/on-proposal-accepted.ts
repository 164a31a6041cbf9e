import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../../deps';
import { markUnavailable } from '../domain/sweep-proposals';

/**
 * An accepted exchange reserved its listings: every other open proposal naming one of them becomes
 * `unavailable`. Run from the event (not the request), so a stop after the acceptance still does it.
 */
export const onProposalAccepted =
  (deps: ExchangeDeps) =>
  async ({ data }: EventEnvelope<'proposal.accepted'>): Promise<void> => {
    await markUnavailable(
      deps,
      [...new Set([...data.productIds, ...data.offeredProductIds])],
      data.proposalId,
    );
  };
