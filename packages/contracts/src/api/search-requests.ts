import { z } from 'zod';
import { productConditions } from './catalog';
import type { EndpointRequest } from './common';
import type { searchEndpoints } from './search';

/**
 * The search route's query, as it parses it: the schema the route imports and the OpenAPI
 * document describes. How the parameters become an engine query (ZIP to a point, radius to a
 * distance) is the search service's.
 */

/** Radius choices the search page offers, in miles (SPEC §9). */
export const searchRadiusMiles = [3, 5, 10, 25, 50, 100] as const;
export type SearchRadiusMiles = (typeof searchRadiusMiles)[number];

export const SEARCH_DEFAULT_LIMIT = 25;
export const SEARCH_MAX_LIMIT = 100;

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

const RADIUS_CHOICES = `must be one of any, ${searchRadiusMiles.join(', ')}`;
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
    z
      .enum(productConditions, { error: `must be one of ${productConditions.join(', ')}` })
      .optional(),
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
      .transform((v) => (v === undefined ? undefined : (Number(v) as SearchRadiusMiles))),
  ),
  page: wholeNumber(1, 1, 10_000, 'must be between 1 and 10000'),
  limit: wholeNumber(
    SEARCH_DEFAULT_LIMIT,
    1,
    SEARCH_MAX_LIMIT,
    `must be between 1 and ${SEARCH_MAX_LIMIT}`,
  ),
});
export type SearchQueryParams = z.infer<typeof searchQuerySchema>;

/** The request schemas of the search endpoints (beside `searchEndpoints`). */
export const searchRequests: Partial<Record<keyof typeof searchEndpoints, EndpointRequest>> = {
  'GET /api/search': { query: searchQuerySchema },
};
