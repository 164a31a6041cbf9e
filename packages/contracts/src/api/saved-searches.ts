import { z } from 'zod';
import { productConditions } from './catalog';
import { noData, type EndpointContracts } from './common';
import { searchRadiusMiles } from './search-requests';

/**
 * Saved searches with alerts, served by the search service under `/api/saved-searches`. A saved
 * search stores what the search page sends (`GET /api/search`): its text, type tab, category,
 * subcategory, condition, search ZIP and radius; a listing matches it when that search would
 * return the listing.
 */

/** At most this many saved searches per member. */
export const SAVED_SEARCHES_PER_MEMBER = 50;
/** Instant alerts per member per hour; later matches that hour go into the daily digest. */
export const SAVED_SEARCH_INSTANT_ALERTS_PER_HOUR = 20;

/** How a member is told of a new match: in the app (bell and live), e-mail now, a daily e-mail, or not. */
export const savedSearchAlertModes = ['in_app', 'email_instant', 'email_daily', 'none'] as const;
export type SavedSearchAlertMode = (typeof savedSearchAlertModes)[number];

const blank = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const text = (max: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(max, { error: `must be at most ${max} characters` })
      .optional(),
  );

/** The search a saved search runs: the search page's parameters, each optional but one. */
export const savedSearchQuery = z
  .strictObject({
    query: text(200),
    type: z.enum(['all', 'item', 'service']).default('all'),
    category: text(100),
    subcategory: text(100),
    condition: z.preprocess(blank, z.enum(productConditions).optional()),
    searchZip: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^\d{5}$/, { error: 'must be a 5-digit ZIP code' })
        .optional(),
    ),
    radius: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
      z
        .literal(searchRadiusMiles, { error: `must be one of ${searchRadiusMiles.join(', ')}` })
        .optional(),
    ),
  })
  .refine((q) => Boolean(q.query || q.category || q.subcategory || q.condition || q.searchZip), {
    error: 'a saved search needs text or at least one filter',
  })
  .refine((q) => q.radius === undefined || q.searchZip !== undefined, {
    error: 'a radius needs a search ZIP',
    path: ['radius'],
  });
export type SavedSearchQuery = z.infer<typeof savedSearchQuery>;

const name = z.string().trim().min(1, { error: 'must not be empty' }).max(80, {
  error: 'must be at most 80 characters',
});

/** POST /api/saved-searches: the name defaults to a summary of the query. */
export const createSavedSearchBody = z.strictObject({
  name: z.preprocess(blank, name.optional()),
  query: savedSearchQuery,
  alerts: z.enum(savedSearchAlertModes).default('in_app'),
});
export type CreateSavedSearchBody = z.infer<typeof createSavedSearchBody>;

/** PATCH /api/saved-searches/{id}: rename, or change how it alerts. */
export const updateSavedSearchBody = z
  .strictObject({ name: name.optional(), alerts: z.enum(savedSearchAlertModes).optional() })
  .refine((b) => b.name !== undefined || b.alerts !== undefined, {
    error: 'give a name or an alert mode',
  });
export type UpdateSavedSearchBody = z.infer<typeof updateSavedSearchBody>;

export const savedSearchIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, {
  error: 'not a saved search id',
});

/** One saved search as its owner sees it. */
export const savedSearchResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  query: z.strictObject({
    query: z.string().optional(),
    type: z.enum(['all', 'item', 'service']),
    category: z.string().optional(),
    subcategory: z.string().optional(),
    condition: z.enum(productConditions).optional(),
    searchZip: z.string().optional(),
    radius: z.number().int().positive().optional(),
  }),
  alerts: z.enum(savedSearchAlertModes),
  /** Listings matched since the member last opened it. */
  newMatches: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
  last_opened_at: z.string().optional(),
});
export type SavedSearchResponse = z.infer<typeof savedSearchResponse>;

export const savedSearchListResponse = z.strictObject({
  searches: z.array(savedSearchResponse),
  max: z.number().int().positive(),
});
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponse>;

/** Every saved-search endpoint with the `data` it answers. */
export const savedSearchesEndpoints = {
  'GET /api/saved-searches': { data: savedSearchListResponse, summary: 'My saved searches' },
  'POST /api/saved-searches': {
    data: savedSearchResponse,
    status: 201,
    summary: 'Save a search (at most 50 per member)',
  },
  'PATCH /api/saved-searches/{id}': {
    data: savedSearchResponse,
    summary: 'Rename a saved search or change its alerts',
  },
  'POST /api/saved-searches/{id}/open': {
    data: savedSearchResponse,
    summary: 'Open a saved search: its new matches count as seen',
  },
  'DELETE /api/saved-searches/{id}': { data: noData, summary: 'Delete a saved search' },
} as const satisfies EndpointContracts;

const byId = { params: z.object({ id: savedSearchIdParam }) };

/** The saved-search routes' requests, as they parse them. */
export const savedSearchesRequests = {
  'POST /api/saved-searches': { body: createSavedSearchBody },
  'PATCH /api/saved-searches/{id}': { ...byId, body: updateSavedSearchBody },
  'POST /api/saved-searches/{id}/open': byId,
  'DELETE /api/saved-searches/{id}': byId,
};
