import type { DomainEvent } from '@swapbooth/event-bus';
import type { Rating, RatingSummary } from './rating';

/**
 * Ratings storage. A rating is first claimed under its unique id (once per proposal and rater),
 * then counted into the rated member's summary; the summary's write carries the `rating.created`
 * event, so the event's average and count are exactly the summary's after this rating.
 */
export interface RatingRepository {
  /** Stores a new rating; 'duplicate' when this rater already rated this proposal. */
  claim(rating: Rating): Promise<'claimed' | 'duplicate'>;
  findById(id: string): Promise<Rating | undefined>;
  /** Notes on the rating that its summary counts it (what `hasRated` trusts without a second read). */
  markCounted(id: string): Promise<void>;
  /** Ratings by id, in the order asked, skipping ids not found. */
  findByIds(ids: readonly string[]): Promise<Rating[]>;
  /** The member's summary, or undefined when nobody rated them yet. */
  summaryOf(userId: string): Promise<RatingSummary | undefined>;
  /**
   * Writes `next`, which counts `ratingId` in, with its event, if the stored summary is still at
   * `expectedVersion` (0: none stored yet); false when a concurrent write got there first.
   */
  saveSummary(
    next: RatingSummary,
    expectedVersion: number,
    ratingId: string,
    event: DomainEvent<'rating.created'>,
  ): Promise<boolean>;
}
