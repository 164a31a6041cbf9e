import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT, domainEvent } from '@swapbooth/event-bus';
import type { OneAtATime } from './one-at-a-time';
import type { ProposalLookup } from '../../shared/domain/ports';
import type { RatingRepository } from './rating-repository';
import type { DueWork } from '../../shared/domain/due-work';
import {
  averageRating,
  checkAnswer,
  checkMayRate,
  checkRatingInput,
  emptySummary,
  isShown,
  otherParty,
  ratingIdOf,
  RECENT_RATINGS,
  revealTimeOf,
  withoutRating,
  withRating,
  type Rating,
  type RatingInput,
} from './rating';

export interface RatingUseCaseDeps {
  ratings: RatingRepository;
  proposals: ProposalLookup;
  now(): Date;
  /** Counts one member's ratings one at a time in this process (see oneAtATime). */
  oneAtATime?: OneAtATime;
  /** How long after completion an exchange's ratings stay hidden at most (REVEAL_AFTER_MS). */
  revealAfterMs?: number;
}

const busy = () => AppError.unavailable('Too many ratings at once; please try again');

/**
 * Counts a claimed rating into the rated member's summary, with its `rating.created` event in the
 * same single-document write. Guarded by the summary's version: when two ratings of one member
 * race, one write wins and the other recomputes from the fresh summary, so each event carries the
 * exact count and average that include it (and counts rise by one per event, which is how search
 * orders them). Counting a rating already in the summary changes nothing, so it is safe to repeat.
 */
export async function countRating(
  deps: Pick<RatingUseCaseDeps, 'ratings' | 'oneAtATime'>,
  rating: Rating,
): Promise<void> {
  const serial = deps.oneAtATime ?? ((_key, task) => task());
  await serial(rating.ratedUserId, () => countAtOnce(deps, rating));
}

function countAtOnce(deps: Pick<RatingUseCaseDeps, 'ratings'>, rating: Rating): Promise<void> {
  return compareAndSet(
    async () => {
      const current =
        (await deps.ratings.summaryOf(rating.ratedUserId)) ?? emptySummary(rating.ratedUserId);
      if (current.ratingIds.includes(rating.id)) return undefined;
      const next = withRating(current, rating);
      const event = domainEvent('rating.created', rating.ratedUserId, {
        ratingId: rating.id,
        proposalId: rating.proposalId,
        raterId: rating.raterId,
        ratedUserId: rating.ratedUserId,
        ratingValue: rating.value,
        averageRating: averageRating(next.halves, next.count),
        ratingCount: next.count,
        summaryVersion: next.version,
      });
      const saved = await deps.ratings.saveSummary(next, current.version, rating.id, event);
      return saved ? undefined : CONFLICT;
    },
    { attempts: 60, maxDelayMs: 50, exhausted: busy },
  );
}

async function countAndMark(
  deps: Pick<RatingUseCaseDeps, 'ratings' | 'oneAtATime'>,
  rating: Rating,
) {
  await countRating(deps, rating);
  await deps.ratings.markCounted(rating.id);
}

/**
 * Shows a rating whose reveal time has come: counts it into the rated member's summary, which
 * publishes its `rating.created` (so search, catalog and the "you were rated" notification hear
 * of it only now). Reads the rating afresh, so a change its rater made while it was hidden is
 * what is counted; one already shown, removed, or not due yet is left as it is.
 */
export async function showRating(
  deps: Pick<RatingUseCaseDeps, 'ratings' | 'oneAtATime'>,
  id: string,
  now: Date,
): Promise<void> {
  const rating = await deps.ratings.findById(id);
  if (!rating || rating.shown || rating.removal) return;
  if (rating.visibleAt.getTime() > now.getTime()) return;
  await countAndMark(deps, rating);
}

/** The reveal sweep's work: ratings whose reveal time has come (14 days after completion). */
export const dueRatings = (deps: Pick<RatingUseCaseDeps, 'ratings' | 'oneAtATime'>): DueWork => ({
  name: 'show-ratings',
  due: (now, limit) => deps.ratings.dueToShow(now, limit),
  settle: (id, now) => showRating(deps, id, now),
});

const closedMessage = (at: Date) =>
  `The time to rate this exchange ended on ${at.toISOString().slice(0, 10)}`;

/**
 * A party of a completed proposal rates the other party, once, within the rating window (until
 * REVEAL_AFTER after completion). The rating is stored hidden: nobody but its rater sees it until
 * the other party has rated too, or the window closes, whichever comes first; then both are
 * shown at once (and counted into the rated members' averages). A second try is a 409.
 */
export async function rateExchange(
  deps: RatingUseCaseDeps,
  raterId: string,
  input: RatingInput,
): Promise<Rating> {
  const comment = checkRatingInput(input);
  const facts = await deps.proposals.factsOf(input.proposalId);
  if (!facts) throw AppError.notFound('Proposal not found');
  const { ratedUserId } = checkMayRate(facts, raterId, input.ratedUserId);
  const now = deps.now();
  const rating: Rating = {
    id: ratingIdOf(facts.proposalId, raterId),
    proposalId: facts.proposalId,
    raterId,
    ratedUserId,
    value: input.value,
    comment,
    createdAt: now,
    visibleAt: revealTimeOf(facts, now, deps.revealAfterMs),
    shown: false,
  };
  const closed = rating.visibleAt.getTime() <= now.getTime();
  // Once the window closed the other's rating may be shown, and a new one could answer it in kind.
  if (closed && !(await deps.ratings.findById(rating.id))) {
    throw AppError.conflict(closedMessage(rating.visibleAt));
  }
  if (closed || (await deps.ratings.claim(rating)) === 'duplicate') {
    // A rating whose showing was interrupted is shown before the 409.
    await showRating(deps, rating.id, now);
    throw AppError.conflict('You already rated this exchange');
  }
  const otherId = ratingIdOf(facts.proposalId, ratedUserId);
  if (await deps.ratings.findById(otherId)) {
    // Both have rated: both are shown now, together.
    await deps.ratings.showFrom([rating.id, otherId], now);
    await showRating(deps, otherId, now);
    await showRating(deps, rating.id, now);
    return { ...rating, visibleAt: now, shown: true };
  }
  return rating;
}

/**
 * A member's newest ratings (at most `limit`, up to RECENT_RATINGS), newest first, with the average
 * (one decimal) and count of all of them: one read of the member's summary.
 */
export async function userRatings(
  deps: Pick<RatingUseCaseDeps, 'ratings'>,
  userId: string,
  limit = RECENT_RATINGS,
): Promise<{ ratings: Rating[]; average: number; count: number }> {
  const summary = await deps.ratings.summaryOf(userId);
  if (!summary) return { ratings: [], average: 0, count: 0 };
  const listed = summary.recent.slice(-Math.min(limit, RECENT_RATINGS)).reverse();
  // The listed ratings themselves, for their answers (one read by id).
  const stored = new Map(
    (await deps.ratings.findByIds(listed.map((r) => r.id))).map((r) => [r.id, r]),
  );
  return {
    ratings: listed
      .filter((r) => !stored.get(r.id)?.removal)
      .map((r) => {
        const answer = stored.get(r.id)?.answer;
        return answer ? { ...r, answer } : r;
      }),
    average: averageRating(summary.halves, summary.count),
    count: summary.count,
  };
}

/**
 * The ratings given for one proposal (at most one per party); only its parties may read them.
 * Shown ones to both; a hidden one to its rater only (waiting for the other's); removed ones to
 * neither.
 */
export async function proposalRatings(
  deps: Pick<RatingUseCaseDeps, 'ratings' | 'proposals' | 'now'>,
  viewerId: string,
  proposalId: string,
): Promise<Rating[]> {
  const facts = await deps.proposals.factsOf(proposalId);
  if (!facts) throw AppError.notFound('Proposal not found');
  if (otherParty(facts, viewerId) === undefined) {
    throw AppError.forbidden('Only the parties of an exchange can see its ratings');
  }
  const found = await deps.ratings.findByIds([
    ratingIdOf(facts.proposalId, facts.senderId),
    ratingIdOf(facts.proposalId, facts.receiverId),
  ]);
  const now = deps.now();
  return found
    .filter((r) => !r.removal && (isShown(r, now) || r.raterId === viewerId))
    .map((r) => (isShown(r, now) ? { ...r, shown: true } : r))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

const notFound = () => AppError.notFound('Rating not found');

/**
 * Its rater changes a rating while it is still hidden; once it is shown (the other party rated,
 * or the window closed) it cannot be changed any more (409).
 */
export async function changeRating(
  deps: Pick<RatingUseCaseDeps, 'ratings' | 'now'>,
  raterId: string,
  ratingId: string,
  change: { value: number; comment: string },
): Promise<Rating> {
  const comment = checkRatingInput(change);
  const rating = await deps.ratings.findById(ratingId);
  if (!rating || rating.removal) throw notFound();
  if (rating.raterId !== raterId) throw AppError.forbidden('Only its rater can change a rating');
  const now = deps.now();
  const shownAlready = () => AppError.conflict('A rating cannot be changed once it is shown');
  if (isShown(rating, now)) throw shownAlready();
  if (!(await deps.ratings.changeHidden(ratingId, { value: change.value, comment }, now))) {
    throw shownAlready();
  }
  return { ...rating, value: change.value, comment, updatedAt: now };
}

/**
 * The member rated answers a shown rating of them, once, publicly (shown under it). A hidden
 * rating is not found for them: they must not learn the other has rated before it is shown.
 */
export async function answerRating(
  deps: Pick<RatingUseCaseDeps, 'ratings' | 'now'>,
  memberId: string,
  ratingId: string,
  text: string,
): Promise<Rating> {
  const comment = checkAnswer(text);
  const rating = await deps.ratings.findById(ratingId);
  const now = deps.now();
  if (!rating || rating.removal) throw notFound();
  if (rating.ratedUserId !== memberId) {
    if (rating.raterId !== memberId && !isShown(rating, now)) throw notFound();
    throw AppError.forbidden('Only the member rated can answer a rating');
  }
  if (!isShown(rating, now)) throw notFound();
  if (rating.answer) throw AppError.conflict('You already answered this rating');
  const answer = { comment, createdAt: now };
  if (!(await deps.ratings.answer(ratingId, answer))) {
    throw AppError.conflict('You already answered this rating');
  }
  return { ...rating, shown: true, answer };
}

/**
 * An admin removes a rating that breaks the rules: it is shown nowhere any more, and a shown one
 * is taken out of the rated member's average and count, with its `rating.removed` event in the
 * same write (so search and catalog correct the average too). The admin service audits the call.
 */
export async function removeRating(
  deps: Pick<RatingUseCaseDeps, 'ratings' | 'now' | 'oneAtATime'>,
  adminId: string,
  ratingId: string,
  reason: string,
): Promise<Rating> {
  const rating = await deps.ratings.findById(ratingId);
  if (!rating) throw notFound();
  if (rating.removal) throw AppError.conflict('This rating was already removed');
  const removal = { adminId, reason, at: deps.now() };
  if (!(await deps.ratings.remove(ratingId, removal))) {
    throw AppError.conflict('This rating was already removed');
  }
  const serial = deps.oneAtATime ?? ((_key, task) => task());
  await serial(rating.ratedUserId, () =>
    compareAndSet(
      async () => {
        const current = await deps.ratings.summaryOf(rating.ratedUserId);
        if (!current) return undefined;
        const next = withoutRating(current, rating);
        if (next === current) return undefined;
        const event = domainEvent('rating.removed', rating.ratedUserId, {
          ratingId: rating.id,
          proposalId: rating.proposalId,
          raterId: rating.raterId,
          ratedUserId: rating.ratedUserId,
          averageRating: averageRating(next.halves, next.count),
          ratingCount: next.count,
          summaryVersion: next.version,
        });
        const saved = await deps.ratings.saveRemoval(next, current.version, rating.id, event);
        return saved ? undefined : CONFLICT;
      },
      { attempts: 60, maxDelayMs: 50, exhausted: busy },
    ),
  );
  return { ...rating, removal };
}
