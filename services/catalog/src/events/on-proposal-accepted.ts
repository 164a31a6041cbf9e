import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';
import { exchangeSetStatus } from '../domain/change-product-status';
import { listingsOf } from './proposal-listings';

/** An accepted exchange reserves every listing in it. */
export const onProposalAccepted =
  (deps: CatalogDeps) =>
  async (e: EventEnvelope<'proposal.accepted'>): Promise<void> => {
    for (const id of listingsOf(e)) {
      await exchangeSetStatus(deps, id, 'reserved', e.data.proposalId);
    }
  };
