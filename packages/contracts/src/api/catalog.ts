import { z } from 'zod';
import { productStatus } from '../events/catalog-events';
import { countResponse, noData, pageFacts, type EndpointContracts } from './common';

/**
 * What the catalog service answers (`data` of the envelope): listings (SPEC §3 product), booths,
 * categories, likes, the exchange bag, upload tickets and reports. Facts catalog does not know are
 * left out (JSON drops them), never guessed.
 */

const isoDate = z.string().min(1);
const listingType = z.enum(['item', 'service']);

export const productConditions = ['new', 'like-new', 'good', 'fair', 'poor'] as const;
export const boothStatuses = ['active', 'inactive', 'on_vacation', 'closed', 'suspended'] as const;
export const reportReasons = [
  'prohibited_item',
  'counterfeit',
  'scam_or_fraud',
  'misleading_description',
  'offensive_content',
  'harassment',
  'spam',
  'wrong_category',
  'other',
] as const;
/** The reasons that fit a report of a member (the rest are about listings). */
export const memberReportReasons = [
  'scam_or_fraud',
  'harassment',
  'offensive_content',
  'spam',
  'other',
] as const satisfies readonly (typeof reportReasons)[number][];
export const reportTargets = ['product', 'booth', 'user'] as const;
export const reportStatuses = ['open', 'reviewing', 'resolved', 'dismissed'] as const;

/** Resized copies of an image by width (SPEC §9: 300, 600 and 900 wide). */
export const imageVariantsResponse = z.strictObject({
  300: z.string(),
  600: z.string(),
  900: z.string(),
});
export type ImageVariantsResponse = z.infer<typeof imageVariantsResponse>;

/** SPEC §3 image: `display_order` is 1-based, `is_default` marks the cover. */
export const productImageResponse = z.strictObject({
  image_url: z.string(),
  is_default: z.boolean(),
  display_order: z.number().int().positive(),
  variants: imageVariantsResponse,
});
export type ProductImageResponse = z.infer<typeof productImageResponse>;

/** Where a listing is, from one of its owner's addresses. */
export const productLocationResponse = z.strictObject({
  city: z.string().optional(),
  state: z.string().optional(),
  zip_code: z.string().optional(),
  country: z.string().optional(),
});
export type ProductLocationResponse = z.infer<typeof productLocationResponse>;

/** The seller as the product card shows them (from catalog's projection of member events). */
export const sellerProfileResponse = z.strictObject({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  profile_image: z.string().optional(),
  average_rating: z.number().optional(),
  rating_count: z.number().int().nonnegative().optional(),
  is_kyc_verified: z.boolean().optional(),
});
export type SellerProfileResponse = z.infer<typeof sellerProfileResponse>;

/** The seller's booth on a listing (absent while the booth is suspended). */
export const productBoothResponse = z.strictObject({
  booth_id: z.string(),
  name: z.string(),
  username: z.string(),
  interests: z.array(z.string()),
  status: z.enum(boothStatuses),
});
export type ProductBoothResponse = z.infer<typeof productBoothResponse>;

/** SPEC §3 product (listing), with the card's joined facts. */
export const productResponse = z.strictObject({
  product_id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  subCategory: z.string().optional(),
  brand: z.string().optional(),
  condition: z.enum(productConditions).optional(),
  color: z.string().optional(),
  type: listingType,
  weight: z.number().optional(),
  status: productStatus,
  tags: z.array(z.string()),
  search_text: z.string(),
  images: z.array(productImageResponse),
  cover_image: z.string().optional(),
  cover_variants: imageVariantsResponse.optional(),
  addressId: z.string().optional(),
  location: productLocationResponse.optional(),
  userId: z.string(),
  user_id: z.string(),
  user_profile: sellerProfileResponse.optional(),
  booth: productBoothResponse.optional(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type ProductResponse = z.infer<typeof productResponse>;

/** A page of listings. */
export const productPageResponse = z.strictObject({
  products: z.array(productResponse),
  totalCount: z.number().int().nonnegative(),
  ...pageFacts,
});
export type ProductPageResponse = z.infer<typeof productPageResponse>;

/** SPEC §3 booth (store). */
export const boothResponse = z.strictObject({
  booth_id: z.string(),
  user_id: z.string(),
  username: z.string(),
  name: z.string(),
  description: z.string(),
  interests: z.array(z.string()),
  address_id: z.string().optional(),
  status: z.enum(boothStatuses),
  views: z.number().int().nonnegative(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type BoothResponse = z.infer<typeof boothResponse>;

/** GET /api/booth/check-username/{value} and /check-name/{value}. */
export const availabilityResponse = z.discriminatedUnion('available', [
  z.strictObject({ available: z.literal(true) }),
  z.strictObject({ available: z.literal(false), reason: z.string() }),
]);
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

/** POST and GET /api/booth/views/{id}. */
export const boothViewsResponse = z.strictObject({ views: z.number().int().nonnegative() });
export type BoothViewsResponse = z.infer<typeof boothViewsResponse>;

/** SPEC §3 category. */
export const categoryResponse = z.strictObject({
  cat_id: z.string(),
  category: z.string(),
  type: listingType,
  subcategories: z.array(z.string()),
});
export type CategoryResponse = z.infer<typeof categoryResponse>;

/** POST /api/product/{id}/like/{userId} and DELETE …/unlike/{userId}. */
export const likeChangeResponse = z.strictObject({ productId: z.string(), liked: z.boolean() });
export type LikeChangeResponse = z.infer<typeof likeChangeResponse>;

/** POST /api/product/{id}/add-to-bag/{userId} and DELETE …/remove-to-bag/{productId}. */
export const bagChangeResponse = z.strictObject({ productId: z.string(), inBag: z.boolean() });
export type BagChangeResponse = z.infer<typeof bagChangeResponse>;

/** One seller's listings in the exchange bag. */
export const bagGroupResponse = z.strictObject({
  seller_id: z.string(),
  user_profile: sellerProfileResponse.optional(),
  booth: productBoothResponse.optional(),
  products: z.array(productResponse),
});
export type BagGroupResponse = z.infer<typeof bagGroupResponse>;

/** POST /api/images/upload-url: PUT the file to `presignedUrl` with `headers`, at most `maxBytes`. */
export const uploadTicketResponse = z.strictObject({
  presignedUrl: z.string(),
  s3ObjectUrl: z.string(),
  key: z.string(),
  expiresIn: z.number().int().positive(),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number().int().positive(),
});
export type UploadTicketResponse = z.infer<typeof uploadTicketResponse>;

/**
 * POST /api/images/publish: the upload, checked and re-encoded, is public at `url` (a private
 * photo's `url` is null: it is read through short-lived URLs, POST /api/images/private-urls).
 */
export const publishedImageResponse = z.strictObject({
  key: z.string(),
  url: z.string().nullable(),
});
export type PublishedImageResponse = z.infer<typeof publishedImageResponse>;

/**
 * POST /api/images/private-urls: a short-lived URL for each private photo the caller may read (the
 * uploader, and the parties of the dispute it belongs to); `expires_in` in seconds.
 */
export const privatePhotoUrlsResponse = z.strictObject({
  urls: z.array(z.strictObject({ key: z.string(), url: z.string() })),
  expires_in: z.number().int().positive(),
});
export type PrivatePhotoUrlsResponse = z.infer<typeof privatePhotoUrlsResponse>;

/** A member's report of a listing, booth or member. */
export const reportResponse = z.strictObject({
  report_id: z.string(),
  reporter_id: z.string(),
  target_type: z.enum(reportTargets),
  target_id: z.string(),
  reason: z.enum(reportReasons),
  details: z.string().optional(),
  status: z.enum(reportStatuses),
  created_at: isoDate,
  updated_at: isoDate,
});
export type ReportResponse = z.infer<typeof reportResponse>;

/** GET /api/reports/reasons. */
export const reportReasonsResponse = z.array(z.enum(reportReasons));
export type ReportReasonsResponse = z.infer<typeof reportReasonsResponse>;

/** GET /internal/reports (admin service only). */
export const reportPageResponse = z.strictObject({
  reports: z.array(reportResponse),
  totalCount: z.number().int().nonnegative(),
  page: pageFacts.page,
  limit: pageFacts.limit,
});
export type ReportPageResponse = z.infer<typeof reportPageResponse>;

/** Every endpoint of the catalog service the gateway exposes, with the `data` it answers. */
export const catalogEndpoints = {
  'POST /api/product': { data: productResponse, status: 201, summary: 'Create a listing' },
  'GET /api/product/published': { data: productPageResponse, summary: 'Published listings' },
  'GET /api/product/published-by-user/{userId}': {
    data: productPageResponse,
    summary: 'A member’s published listings',
  },
  'GET /api/product/count/user/{userId}': { data: countResponse, summary: 'Count of listings' },
  'GET /api/product/slug/{slug}': { data: productResponse, summary: 'A listing by slug' },
  'GET /api/product/booth/{username}': { data: productPageResponse, summary: 'A booth’s listings' },
  'GET /api/profile/user/{userId}/products': {
    data: productPageResponse,
    summary: 'A member’s listings',
  },
  'GET /api/product/{id}': { data: productResponse, summary: 'A listing' },
  'PUT /api/product/{id}': { data: productResponse, summary: 'Change a listing' },
  'POST /api/product/{id}/like/{userId}': { data: likeChangeResponse, summary: 'Like' },
  'DELETE /api/product/{id}/unlike/{userId}': { data: likeChangeResponse, summary: 'Unlike' },
  'GET /api/product/{userId}/liked': {
    data: z.array(productResponse),
    summary: 'Liked listings',
  },
  'POST /api/product/{id}/add-to-bag/{userId}': { data: bagChangeResponse, summary: 'Add to bag' },
  'DELETE /api/product/{userId}/remove-to-bag/{productId}': {
    data: bagChangeResponse,
    summary: 'Remove from bag',
  },
  'GET /api/product/{userId}/bag': { data: z.array(bagGroupResponse), summary: 'Exchange bag' },
  'GET /api/products/{userId}/bag-count': { data: countResponse, summary: 'Listings in the bag' },
  'POST /api/booth': { data: boothResponse, status: 201, summary: 'Create a booth' },
  'GET /api/booth/{userId}': { data: boothResponse, summary: 'A member’s booth' },
  'GET /api/booth/username/{username}': { data: boothResponse, summary: 'A booth by username' },
  'PUT /api/booth/{id}': { data: boothResponse, summary: 'Change a booth' },
  'POST /api/booth/views/{id}': { data: boothViewsResponse, summary: 'Count a view' },
  'GET /api/booth/views/{id}': { data: boothViewsResponse, summary: 'Views of a booth' },
  'GET /api/booth/check-username/{value}': {
    data: availabilityResponse,
    summary: 'Username available?',
  },
  'GET /api/booth/check-name/{value}': { data: availabilityResponse, summary: 'Name available?' },
  'GET /api/categories': { data: z.array(categoryResponse), summary: 'Categories' },
  'POST /api/images/upload-url': { data: uploadTicketResponse, summary: 'An upload URL' },
  'POST /api/images/publish': { data: publishedImageResponse, summary: 'Publish an upload now' },
  'POST /api/images/private-urls': {
    data: privatePhotoUrlsResponse,
    summary: 'Short-lived URLs of private photos',
  },
  'GET /api/images/variant': {
    data: noData,
    status: 302,
    summary: 'A resized image (redirect to the stored variant)',
  },
  'PUT /api/images/local-upload': {
    data: noData,
    body: z.string(),
    bodyMedia: 'application/octet-stream',
    summary: 'Upload to local storage (only without S3; the signed URL carries the key)',
  },
  'GET /api/images/files/{key}': {
    data: z.string(),
    media: 'application/octet-stream',
    summary: 'A file of local storage (only without S3)',
  },
  'GET /api/reports/reasons': { data: reportReasonsResponse, summary: 'Report reasons' },
  'POST /api/reports': { data: reportResponse, status: 201, summary: 'Report something' },
} as const satisfies EndpointContracts;
