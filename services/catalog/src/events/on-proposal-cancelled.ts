import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';
import { exchangeSetStatus } from '../domain/change-product-status';
import { listingsOf } from './proposal-listings';

/** A cancelled exchange releases the listings it had reserved (and only those). */
export const onProposalCancelled =
  (deps: CatalogDeps) =>
  async (e: EventEnvelope<'proposal.cancelled'>): Promise<void> => {
    const reserved = await deps.products.idsReservedBy(e.data.proposalId);
    for (const id of new Set([...listingsOf(e), ...reserved])) {
      await exchangeSetStatus(deps, id, 'published', e.data.proposalId);
    }
  };
