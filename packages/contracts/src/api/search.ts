import { z } from 'zod';
import { imageVariantsResponse } from './catalog';
import { pageFacts, type EndpointContracts } from './common';

/**
 * What the search service answers (`data` of the envelope). A hit is a listing card: the facts
 * the product card shows, from search's own projection of catalog and member events. Unknown
 * facts are left out.
 */

/** The seller as the card shows them. */
export const cardProfileResponse = z.strictObject({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  profile_image: z.string().optional(),
});
export type CardProfileResponse = z.infer<typeof cardProfileResponse>;

/** One search hit shaped for the product card. */
export const listingCardResponse = z.strictObject({
  product_id: z.string(),
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  type: z.enum(['item', 'service']),
  category: z.string(),
  subCategory: z.string().optional(),
  condition: z.string().optional(),
  tags: z.array(z.string()),
  /** The cover image. */
  image_url: z.string().optional(),
  images: z.array(z.strictObject({ image_url: z.string(), is_default: z.literal(true) })),
  /** The cover's resized copies: a card loads the 300 (or 600) wide one, not the original. */
  cover_variants: imageVariantsResponse.optional(),
  user_id: z.string(),
  userId: z.string(),
  user_profile: cardProfileResponse.optional(),
  is_kyc_verified: z.boolean().optional(),
  rating_average: z.number().optional(),
  review_count: z.number().int().nonnegative().optional(),
  booth: z.strictObject({ name: z.string(), interests: z.array(z.string()) }).optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  /** Miles from the search ZIP, one decimal. */
  distance: z.number().nonnegative().optional(),
  created_at: z.string().min(1),
});
export type ListingCardResponse = z.infer<typeof listingCardResponse>;

/** GET /api/search: one page of hits, the total and the per-type counts (for the tabs). */
export const searchResponse = z.strictObject({
  products: z.array(listingCardResponse),
  totalCount: z.number().int().nonnegative(),
  counts: z.strictObject({
    items: z.number().int().nonnegative(),
    services: z.number().int().nonnegative(),
  }),
  ...pageFacts,
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** Every endpoint of the search service, with the `data` it answers. */
export const searchEndpoints = {
  'GET /api/search': { data: searchResponse, summary: 'Search listings' },
} as const satisfies EndpointContracts;
