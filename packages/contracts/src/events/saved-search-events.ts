import { z } from 'zod';
import { savedSearchAlertModes, savedSearchQuery } from '../api/saved-searches';

/** What every saved-search event says of the search, so any search replica can index it. */
const savedSearchFacts = z.object({
  searchId: z.string(),
  memberId: z.string(),
  name: z.string(),
  query: savedSearchQuery,
  alerts: z.enum(savedSearchAlertModes),
  version: z.number().int().positive(),
});

export const savedSearchEvents = {
  'saved-search.created': savedSearchFacts,
  'saved-search.updated': savedSearchFacts,
  'saved-search.deleted': z.object({
    searchId: z.string(),
    memberId: z.string(),
    version: z.number().int().positive(),
  }),
  /**
   * A published (or edited) listing matches saved searches of a member, for the first time: once
   * per member and listing. `delivery` is `digest` when the member's instant alerts of the hour
   * are used up (or every matching search asks for the daily e-mail).
   */
  'saved-search.matched': z.object({
    memberId: z.string(),
    listingId: z.string(),
    searchIds: z.array(z.string()).min(1),
    /** The names of those searches, in the same order. */
    searchNames: z.array(z.string()),
    /** The most immediate alert mode among the matching searches (never `none`). */
    alerts: z.enum(['in_app', 'email_instant', 'email_daily']),
    delivery: z.enum(['instant', 'digest']),
    listing: z.object({
      title: z.string(),
      slug: z.string(),
      imageUrl: z.string().optional(),
      /** Miles from the first matching search's ZIP, one decimal. */
      distance: z.number().nonnegative().optional(),
    }),
    matchedAt: z.string(),
  }),
} as const;
