import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';
import { exchangeSetStatus } from '../domain/change-product-status';
import { listingsOf } from './proposal-listings';

/** A completed exchange marks the listings it reserved as traded. */
export const onProposalCompleted =
  (deps: CatalogDeps) =>
  async (e: EventEnvelope<'proposal.completed'>): Promise<void> => {
    for (const id of listingsOf(e)) {
      await exchangeSetStatus(deps, id, 'traded', e.data.proposalId);
    }
  };
