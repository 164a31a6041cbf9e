import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';
import { allowDisputeParties } from '../domain/private-photos';

/** A dispute was opened: both its parties may read its private photos. Safe to run twice. */
export const onDisputeOpened =
  (deps: CatalogDeps) =>
  async ({ data }: EventEnvelope<'dispute.opened'>): Promise<void> => {
    await allowDisputeParties(deps, data);
  };
