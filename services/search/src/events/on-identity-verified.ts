import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

/** The ID Verified badge on the seller's cards; ordered by when verification was decided. */
export const onIdentityVerified =
  (deps: SearchDeps) =>
  async ({ data, occurredAt }: EventEnvelope<'identity.verified'>): Promise<void> => {
    await deps.projector.identityChanged(data.userId, new Date(occurredAt), data.verified);
  };
