import { z } from 'zod';
import {
  CONDITIONS,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  RADIUS_MILES,
  toEngineQuery,
  type RadiusMiles,
  type SearchParams,
} from '../../domain/search-query';
import type { SearchQuery } from '../../engine';
import { zipToPoint } from '../../geo';

/** The client sends a filter only when set, but an empty value means "not set" all the same. */
const blank = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Lower-cased, trimmed text for the choice parameters; blank is "not set". */
const choice = (v: unknown): unknown => {
  const value = blank(v);
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
};

const ONCE = 'must be given once, as text';

const text = (max: number) =>
  z.preprocess(
    blank,
    z
      .string({ error: ONCE })
      .trim()
      .max(max, { error: `must be at most ${max} characters` })
      .optional(),
  );

const wholeNumber = (fallback: number, min: number, max: number, range: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: ONCE })
      .trim()
      .regex(/^[+-]?\d{1,9}$/, { error: 'must be a whole number' })
      .optional()
      .transform((v) => (v === undefined ? fallback : Number(v)))
      .pipe(z.number().min(min, { error: range }).max(max, { error: range })),
  );

const RADIUS_CHOICES = `must be one of any, ${RADIUS_MILES.join(', ')}`;
const NO_RADIUS = new Set(['any', 'none']);

/** Query parameters of `GET /api/search`; unknown parameters are ignored. */
export const searchQuerySchema = z.object({
  query: text(200),
  type: z.preprocess(
    choice,
    z.enum(['all', 'item', 'service'], { error: 'must be all, item or service' }).default('all'),
  ),
  category: text(100),
  subcategory: text(100),
  condition: z.preprocess(
    choice,
    z.enum(CONDITIONS, { error: `must be one of ${CONDITIONS.join(', ')}` }).optional(),
  ),
  city: text(100),
  state: text(100),
  zip: text(10).pipe(
    z
      .string()
      .regex(/^\d{5}(?:-?\d{4})?$/, { error: 'must be a 5-digit ZIP code' })
      .optional(),
  ),
  searchZip: text(10),
  radius: z.preprocess(
    (v) => {
      const value = choice(v);
      return typeof value === 'string' && NO_RADIUS.has(value) ? undefined : value;
    },
    z
      .enum(['3', '5', '10', '25', '50', '100'], { error: RADIUS_CHOICES })
      .optional()
      .transform((v) => (v === undefined ? undefined : (Number(v) as RadiusMiles))),
  ),
  page: wholeNumber(1, 1, 10_000, 'must be between 1 and 10000'),
  limit: wholeNumber(DEFAULT_LIMIT, 1, MAX_LIMIT, `must be between 1 and ${MAX_LIMIT}`),
});

/** The parsed parameters, shaped as the search use case takes them. */
export function toSearchParams(parsed: z.infer<typeof searchQuerySchema>): SearchParams {
  const out: SearchParams = { type: parsed.type, page: parsed.page, limit: parsed.limit };
  for (const key of [
    'query',
    'category',
    'subcategory',
    'condition',
    'city',
    'state',
    'zip',
    'searchZip',
  ] as const) {
    const value = parsed[key];
    if (value !== undefined) out[key] = value;
  }
  if (parsed.radius !== undefined) out.radius = parsed.radius;
  return out;
}

/**
 * The engine query `GET /api/search` would run for these query-string parameters (tools and
 * benchmarks that call an engine directly). Throws on parameters the route would answer 400 to.
 */
export function engineQueryOf(raw: Record<string, string>): SearchQuery {
  return toEngineQuery(toSearchParams(searchQuerySchema.parse(raw)), zipToPoint);
}
