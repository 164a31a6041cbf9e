import type { DomainEvent } from '@swapbooth/event-bus';
import type { Rating, RatingAnswer, RatingRemoval, RatingSummary } from './rating';

/**
 * Ratings storage. A rating is first stored hidden under its unique id (once per proposal and
 * rater); when it is shown it is counted into the rated member's summary, whose write carries the
 * `rating.created` event, so the event's average and count are exactly the summary's after it.
 */
export interface RatingRepository {
  /** Stores a new rating; 'duplicate' when this rater already rated this proposal. */
  claim(rating: Rating): Promise<'claimed' | 'duplicate'>;
  findById(id: string): Promise<Rating | undefined>;
  /** Notes on the rating that its summary counts it: it is shown. */
  markCounted(id: string): Promise<void>;
  /** Ratings by id, in the order asked, skipping ids not found. */
  findByIds(ids: readonly string[]): Promise<Rating[]>;
  /**
   * Brings the reveal time of these ratings forward to `now` (the second party rated), where it
   * is later; the ratings are shown from then on.
   */
  showFrom(ids: readonly string[], now: Date): Promise<void>;
  /** Ratings not counted yet whose reveal time has come, the longest due first. */
  dueToShow(now: Date, limit: number): Promise<string[]>;
  /**
   * Changes a rating's value and comment while it is still hidden at `now`; false when it is
   * shown (or gone) by then.
   */
  changeHidden(id: string, change: { value: number; comment: string }, now: Date): Promise<boolean>;
  /** Stores the rated member's answer; false when the rating already has one (or is gone). */
  answer(id: string, answer: RatingAnswer): Promise<boolean>;
  /** Marks a rating removed by an admin; false when it already was (or is gone). */
  remove(id: string, removal: RatingRemoval): Promise<boolean>;
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
  /**
   * Writes `next`, which takes the removed `ratingId` out, with its event, if the stored summary
   * is still at `expectedVersion`; false when a concurrent write got there first.
   */
  saveRemoval(
    next: RatingSummary,
    expectedVersion: number,
    ratingId: string,
    event: DomainEvent<'rating.removed'>,
  ): Promise<boolean>;
}
