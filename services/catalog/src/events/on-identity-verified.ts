import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';

/** The ID Verified badge on a seller's listing cards. */
export const onIdentityVerified =
  (deps: CatalogDeps) =>
  async ({ data }: EventEnvelope<'identity.verified'>): Promise<void> => {
    await deps.members.setIdVerified(data.userId, data.verified);
  };
