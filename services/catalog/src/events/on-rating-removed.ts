import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';

/**
 * An admin removed a rating: the rated member's average and count without it, for listing cards.
 * Ordered with rating.created by the summary version, so a repeated or late event changes nothing.
 */
export const onRatingRemoved =
  (deps: CatalogDeps) =>
  async ({ data }: EventEnvelope<'rating.removed'>): Promise<void> => {
    await deps.members.applyRating(
      data.ratedUserId,
      data.averageRating,
      data.ratingCount,
      data.summaryVersion,
    );
  };
