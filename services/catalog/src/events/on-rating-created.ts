import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';

/** The rated member's average and count, as the exchange service computed them, for listing cards. */
export const onRatingCreated =
  (deps: CatalogDeps) =>
  async ({ data }: EventEnvelope<'rating.created'>): Promise<void> => {
    await deps.members.applyRating(
      data.ratedUserId,
      data.averageRating,
      data.ratingCount,
      data.summaryVersion,
    );
  };
