import { AppError } from '@swapbooth/service-kit';
import type { ProposalFacts } from '../../shared/domain/ports';

/** One member's rating of the other party of a completed exchange. */
export interface Rating {
  /** `<proposalId>:<raterId>`: the unique key that makes a rating once per proposal per rater. */
  id: string;
  proposalId: string;
  raterId: string;
  ratedUserId: string;
  /** 1 to 5 in steps of a half (hearts with halves). */
  value: number;
  /** Trimmed; empty when none. */
  comment: string;
  createdAt: Date;
}

/**
 * A member's ratings in sum: how many, and their total in half hearts (an integer, so adding and
 * averaging never accumulates floating-point error). `ratingIds` (every rating counted, oldest
 * first) make counting a rating again a no-op; `recent` keeps the newest ratings themselves, so a
 * member's page is one read however many ratings there are.
 */
export interface RatingSummary {
  userId: string;
  count: number;
  halves: number;
  ratingIds: string[];
  /** The newest ratings (at most RECENT_RATINGS), oldest first. */
  recent: Rating[];
  /** Bumped by every write; a write guarded by the version it read loses to a concurrent one. */
  version: number;
}

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const MAX_COMMENT_LENGTH = 1000;
/**
 * How many ratings a member's summary keeps in full (the newest), which is what their page lists.
 * The summary is rewritten with every rating, so it is kept bounded.
 */
export const RECENT_RATINGS = 50;

/** The one key per proposal and rater. */
export const ratingIdOf = (proposalId: string, raterId: string): string =>
  `${proposalId}:${raterId}`;

/** Whether a value is a rating: 1 to 5 in halves (1, 1.5, ... 5). */
export function isRatingValue(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= MIN_RATING &&
    value <= MAX_RATING &&
    Number.isInteger(value * 2)
  );
}

/** The average of a total in half hearts over a count, rounded to one decimal; 0 for none. */
export function averageRating(halves: number, count: number): number {
  if (count <= 0) return 0;
  // halves / 2 / count * 10 = halves * 5 / count: one division, rounded half up.
  return Math.round((halves * 5) / count) / 10;
}

/** The summary once one more rating is counted in it. */
export function withRating(summary: RatingSummary, rating: Rating): RatingSummary {
  return {
    ...summary,
    count: summary.count + 1,
    halves: summary.halves + Math.round(rating.value * 2),
    ratingIds: [...summary.ratingIds, rating.id],
    recent: [...summary.recent, rating].slice(-RECENT_RATINGS),
    version: summary.version + 1,
  };
}

export const emptySummary = (userId: string): RatingSummary => ({
  userId,
  count: 0,
  halves: 0,
  ratingIds: [],
  recent: [],
  version: 0,
});

/** The party of a proposal who is not `userId`, or undefined when `userId` is not a party. */
export function otherParty(facts: ProposalFacts, userId: string): string | undefined {
  if (userId === facts.senderId) return facts.receiverId;
  if (userId === facts.receiverId) return facts.senderId;
  return undefined;
}

export interface RatingInput {
  proposalId: string;
  ratedUserId: string;
  value: number;
  comment: string;
}

/** Checks the value and comment; returns the comment as stored (trimmed). */
export function checkRatingInput(input: Pick<RatingInput, 'value' | 'comment'>): string {
  if (!isRatingValue(input.value)) {
    throw AppError.invalid(
      'rating_value: must be a number from 1 to 5 in steps of 0.5',
      'rating_value',
    );
  }
  const comment = input.comment.trim();
  if (comment.length > MAX_COMMENT_LENGTH) {
    throw AppError.invalid(`comment: must be at most ${MAX_COMMENT_LENGTH} characters`, 'comment');
  }
  return comment;
}

/**
 * Who may rate whom for a proposal: a party (403 otherwise, before anything about the proposal is
 * told), once it is completed (409 naming its status), and only the other party (400).
 */
export function checkMayRate(
  facts: ProposalFacts,
  raterId: string,
  ratedUserId: string,
): { ratedUserId: string } {
  const other = otherParty(facts, raterId);
  if (other === undefined) throw AppError.forbidden('Only the parties of an exchange can rate it');
  if (facts.status !== 'completed') {
    throw AppError.conflict(
      `Only a completed exchange can be rated; this proposal is ${facts.status}`,
    );
  }
  if (ratedUserId !== other) {
    throw AppError.invalid(
      'rated_user_id: must be the other party of the exchange',
      'rated_user_id',
    );
  }
  return { ratedUserId: other };
}
