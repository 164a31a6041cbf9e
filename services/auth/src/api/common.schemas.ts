import { z } from 'zod';

export const text = (what = 'text') =>
  z.string({ error: (i) => (i.input === undefined ? 'is required' : `must be ${what}`) });

/** An e-mail address, trimmed and lower-cased so one address is one account. */
export const emailSchema = text('an e-mail address')
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid e-mail address'));

/** Optional free text; '' is kept (it clears the field). */
export const optionalText = (max: number) =>
  text().trim().max(max, `must be at most ${max} characters`).optional();

/** Required, non-empty text. */
export const requiredText = (max: number) =>
  text().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** An id in a path. */
export const idParams = z.object({ id: requiredText(128) });

export const pageQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(20),
});
