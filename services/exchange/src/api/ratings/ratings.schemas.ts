import { z } from 'zod';
import { RECENT_RATINGS } from '../../domain/rating';

/** Ids in paths and bodies: bounded, printable, no slashes. */
export const ratingIdParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');

/** Either spelling of a field (snake_case as SPEC §7 names it, or camelCase). */
const either = (b: Record<string, unknown>, snake: string, camel: string): unknown =>
  b[snake] ?? b[camel];

/**
 * POST /api/rating. `rater_id` may be left out (the rater is the caller); `rating_value` and
 * `comment` are checked by the domain rules (1–5 in halves; at most 1,000 characters once trimmed).
 */
export const createRatingBody = z.preprocess(
  (raw) => {
    const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    return {
      proposal_id: either(b, 'proposal_id', 'proposalId'),
      rater_id: either(b, 'rater_id', 'raterId'),
      rated_user_id: either(b, 'rated_user_id', 'ratedUserId'),
      rating_value: either(b, 'rating_value', 'ratingValue'),
      comment: b.comment,
    };
  },
  z.object({
    proposal_id: ratingIdParam,
    rater_id: z.string().max(128).optional(),
    rated_user_id: ratingIdParam,
    rating_value: z.number({ error: 'must be a number from 1 to 5 in steps of 0.5' }),
    // Bounded before trimming; the 1,000-character rule applies to the trimmed text.
    comment: z
      .string({ error: 'must be text' })
      .max(10_000, 'must be at most 1000 characters')
      .nullish()
      .transform((c) => c ?? ''),
  }),
);
export type CreateRatingBody = z.infer<typeof createRatingBody>;

/**
 * `limit`: how many of the newest ratings to list, 20 by default, at most RECENT_RATINGS (each
 * listed rating costs a lookup of its rater's name and picture).
 */
export const userRatingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_RATINGS).default(20),
});
