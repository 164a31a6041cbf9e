import { ratingResponse, userRatingsResponse } from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import { z } from 'zod';
import { auditActions } from './audit';
import { attempt, audited, type Actor, type ModerationDeps } from './moderation';

/** Exchange's answer, checked against the contract (anything else is exchange's failure). */
function fromExchange<S extends z.ZodType>(schema: S, answer: unknown): z.infer<S> {
  const r = schema.safeParse(answer);
  if (!r.success) throw AppError.unavailable('The exchange service answered something unexpected');
  return r.data;
}

const removed = ratingResponse.extend({ status: z.literal('removed'), removed_at: z.string() });

/** A member's shown ratings, from exchange, for the admin to find one that breaks the rules. */
export async function memberRatings(
  deps: Pick<ModerationDeps, 'calls'>,
  actor: Pick<Actor, 'token'>,
  userId: string,
) {
  return fromExchange(userRatingsResponse, await deps.calls.ratingsOf(actor.token, userId));
}

/**
 * Removes a rating that breaks the rules, through exchange (which takes it off every page and out
 * of the member's average); audited with what it said, and a refusal is audited too.
 */
export async function removeRating(
  deps: ModerationDeps,
  actor: Actor,
  ratingId: string,
  reason: string,
) {
  const what = {
    action: auditActions.ratingRemove,
    targetType: 'rating' as const,
    targetId: ratingId,
    reason,
  };
  const answer = await attempt(deps, actor, { ...what, requested: { status: 'removed' } }, () =>
    deps.calls.removeRating(actor.token, ratingId, reason),
  );
  const rating = fromExchange(removed, answer);
  const entry = await audited(deps, actor, {
    ...what,
    before: {
      rater_id: rating.rater_id,
      rated_user_id: rating.rated_user_id,
      rating_value: rating.rating_value,
      comment: rating.comment,
    },
    after: { status: 'removed' },
    // Who it was about and who wrote it.
    details: { ratedUserId: rating.rated_user_id, raterId: rating.rater_id },
  });
  return {
    rating_id: rating.rating_id,
    status: 'removed' as const,
    rated_user_id: rating.rated_user_id,
    rater_id: rating.rater_id,
    removed_at: rating.removed_at,
    audit_id: entry.id,
  };
}
