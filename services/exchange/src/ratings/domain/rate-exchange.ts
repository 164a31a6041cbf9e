import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT, domainEvent } from '@swapbooth/event-bus';
import type { OneAtATime } from './one-at-a-time';
import type { ProposalLookup } from '../../shared/domain/ports';
import type { RatingRepository } from './rating-repository';
import {
  averageRating,
  checkMayRate,
  checkRatingInput,
  emptySummary,
  otherParty,
  ratingIdOf,
  RECENT_RATINGS,
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
 * A party of a completed proposal rates the other party, once. The rating is claimed under its
 * unique id first (a second try is a 409), then counted. A rating claimed but not counted (the
 * process stopped in between) is not shown as rated, and is counted when its rater tries again,
 * before the 409.
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
  const rating: Rating = {
    id: ratingIdOf(facts.proposalId, raterId),
    proposalId: facts.proposalId,
    raterId,
    ratedUserId,
    value: input.value,
    comment,
    createdAt: deps.now(),
  };
  if ((await deps.ratings.claim(rating)) === 'duplicate') {
    const earlier = await deps.ratings.findById(rating.id);
    if (earlier) await countAndMark(deps, earlier);
    throw AppError.conflict('You already rated this exchange');
  }
  await countAndMark(deps, rating);
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
  return {
    ratings: summary.recent.slice(-Math.min(limit, RECENT_RATINGS)).reverse(),
    average: averageRating(summary.halves, summary.count),
    count: summary.count,
  };
}

/** The ratings given for one proposal (at most one per party); only its parties may read them. */
export async function proposalRatings(
  deps: Pick<RatingUseCaseDeps, 'ratings' | 'proposals'>,
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
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
