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
  /**
   * When it is shown at the latest: the end of the exchange's rating window (REVEAL_AFTER after
   * completion), brought forward to the moment the second party rates. Both ratings of a proposal
   * share it, so they are shown together. Until then only its rater sees it.
   */
  visibleAt: Date;
  /** Counted into the rated member's summary: on their page, in their average and count. */
  shown: boolean;
  /** Set when its rater changed it while it was still hidden. */
  updatedAt?: Date;
  /** The rated member's one public answer. */
  answer?: RatingAnswer;
  /** Set when an admin removed it for breaking the rules: it is shown nowhere any more. */
  removal?: RatingRemoval;
}

export interface RatingAnswer {
  comment: string;
  createdAt: Date;
}

export interface RatingRemoval {
  adminId: string;
  reason: string;
  at: Date;
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
  /** Counted ratings an admin removed since: taken out of the count once each. */
  removedIds: string[];
}

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const MAX_COMMENT_LENGTH = 1000;
/**
 * How many ratings a member's summary keeps in full (the newest), which is what their page lists.
 * The summary is rewritten with every rating, so it is kept bounded.
 */
export const RECENT_RATINGS = 50;
/** How long after completion the ratings of an exchange stay hidden at most (14 days). */
export const REVEAL_AFTER_MS = 14 * 24 * 3600_000;
/** An answer to a rating, once trimmed. */
export const MAX_ANSWER_LENGTH = 1000;

/** Whether the rating is shown at `now`: counted, or its reveal time has come (not removed). */
export const isShown = (r: Rating, now: Date): boolean =>
  !r.removal && (r.shown || r.visibleAt.getTime() <= now.getTime());

/**
 * When the ratings of a proposal are shown at the latest: REVEAL_AFTER after completion, or after
 * `now` for an exchange completed before completion times were kept.
 */
export const revealTimeOf = (
  facts: Pick<ProposalFacts, 'completedAt'>,
  now: Date,
  revealAfterMs = REVEAL_AFTER_MS,
): Date => new Date((facts.completedAt ?? now).getTime() + revealAfterMs);

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

/** The summary once a counted rating an admin removed is taken out of it (once). */
export function withoutRating(summary: RatingSummary, rating: Rating): RatingSummary {
  if (!summary.ratingIds.includes(rating.id) || summary.removedIds.includes(rating.id)) {
    return summary;
  }
  return {
    ...summary,
    count: Math.max(0, summary.count - 1),
    halves: Math.max(0, summary.halves - Math.round(rating.value * 2)),
    recent: summary.recent.filter((r) => r.id !== rating.id),
    removedIds: [...summary.removedIds, rating.id],
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
  removedIds: [],
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

/** Checks an answer to a rating; returns it as stored (trimmed). */
export function checkAnswer(comment: string): string {
  const answer = comment.trim();
  if (answer.length === 0) throw AppError.invalid('comment: must not be empty', 'comment');
  if (answer.length > MAX_ANSWER_LENGTH) {
    throw AppError.invalid(`comment: must be at most ${MAX_ANSWER_LENGTH} characters`, 'comment');
  }
  return answer;
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
  if (facts.status === 'disputed') {
    throw AppError.conflict(
      'This exchange is disputed; it can be rated once the dispute is closed',
    );
  }
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
