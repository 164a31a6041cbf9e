import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

/**
 * The rated member's hearts and review count. Each rating carries the running average and count;
 * the summary version (the count in older events) orders them, so a late, older rating never
 * replaces a newer average.
 */
export const onRatingCreated =
  (deps: SearchDeps) =>
  async ({ data }: EventEnvelope<'rating.created'>): Promise<void> => {
    await deps.projector.ratingChanged(
      data.ratedUserId,
      data.ratingCount,
      data.averageRating,
      data.summaryVersion,
    );
  };
