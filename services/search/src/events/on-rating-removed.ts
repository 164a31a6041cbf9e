import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

/**
 * An admin removed a rating: the member's hearts and review count without it. Ordered with
 * rating.created by the summary version, so a repeated or late event changes nothing.
 */
export const onRatingRemoved =
  (deps: SearchDeps) =>
  async ({ data }: EventEnvelope<'rating.removed'>): Promise<void> => {
    await deps.projector.ratingChanged(
      data.ratedUserId,
      data.ratingCount,
      data.averageRating,
      data.summaryVersion,
    );
  };
