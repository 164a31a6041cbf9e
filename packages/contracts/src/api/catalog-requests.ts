import { z } from 'zod';
import { productStatus } from '../events/catalog-events';
import {
  boothStatuses,
  catalogEndpoints,
  productConditions,
  reportReasons,
  reportTargets,
} from './catalog';
import type { EndpointRequest } from './common';

/**
 * The catalog routes' requests (listings, images, reports, booths, paging and path ids), as they
 * parse them: the schemas the routes import and the OpenAPI document describes.
 */

export const catalogPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** Path ids: bounded, printable, no slashes. */
export const catalogIdParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');

/** Statuses an owner may set; `suspended` is an admin's decision. */
export const ownerBoothStatuses = [
  'active',
  'inactive',
  'on_vacation',
  'closed',
] as const satisfies ReadonlyArray<(typeof boothStatuses)[number]>;

/** POST /api/reports. */
export const reportBody = z.object({
  targetType: z.enum(reportTargets, { error: `must be one of ${reportTargets.join(', ')}` }),
  targetId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(128),
  reason: z.enum(reportReasons, { error: `must be one of ${reportReasons.join(', ')}` }),
  details: z.string().max(2000, 'at most 2000 characters').optional(),
});

const interests = z
  .array(z.string().trim().min(1).max(40, 'at most 40 characters'))
  .max(20, 'at most 20 interests');

/** POST /api/booth; `user_id` must be the caller's. */
export const createBoothBody = z.object({
  name: z.string({ error: 'is required' }).max(200),
  description: z.string().max(1000, 'at most 1000 characters').optional(),
  interests: interests.optional(),
  user_id: z.unknown().optional(),
  username: z.string({ error: 'is required' }).trim().max(200),
  address_id: z.string().trim().max(64).optional(),
});

/** PUT /api/booth/{id}: only these fields; `suspended` is not an owner's choice. */
export const updateBoothBody = z.object({
  name: z.string().max(200).optional(),
  description: z.string().max(1000, 'at most 1000 characters').optional(),
  interests: interests.optional(),
  status: z
    .enum(ownerBoothStatuses, { error: `must be one of ${ownerBoothStatuses.join(', ')}` })
    .optional(),
});

/** A listing is an item or a service. */
export const productTypes = ['item', 'service'] as const;

/** The most images one listing shows. */
export const MAX_PRODUCT_IMAGES = 10;

const optionalText = (max: number) =>
  z.string().trim().max(max, `at most ${max} characters`).optional();

/** An image as `{ image_url, is_default?, display_order? }`, or just its URL. */
const imageInput = z.preprocess(
  (v) => (typeof v === 'string' ? { image_url: v } : v),
  z.object({
    image_url: z.string().trim().min(1, 'is required').max(2048),
    is_default: z.boolean().optional(),
    display_order: z.coerce.number().int().min(1).max(1000).optional(),
  }),
);

/** Weight as a number (numeric strings from forms are accepted). */
const weight = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
  z.number({ error: 'must be a number' }).nonnegative().max(100_000).optional(),
);

const productFields = z.object({
  title: z.string().trim().min(3, 'at least 3 characters').max(120, 'at most 120 characters'),
  description: z.string().trim().min(1, 'is required').max(5000, 'at most 5000 characters'),
  category: z.string().trim().min(1, 'is required').max(80),
  subCategory: optionalText(80),
  brand: optionalText(80),
  condition: z
    .enum(productConditions, { error: `must be one of ${productConditions.join(', ')}` })
    .optional(),
  color: optionalText(40),
  type: z.enum(productTypes, { error: 'must be item or service' }),
  weight,
  tags: z.array(z.string().trim().min(1).max(30, 'at most 30 characters')).max(20).optional(),
  images: z
    .array(imageInput)
    .max(MAX_PRODUCT_IMAGES, `at most ${MAX_PRODUCT_IMAGES} images`)
    .optional(),
  addressId: z.string().trim().max(64).optional(),
});

/** POST /api/product. Any user id in the body must be the caller's (checked by the route). */
export const createProductBody = productFields.extend({
  status: z.enum(['draft', 'published'], { error: 'must be draft or published' }).optional(),
  userId: z.unknown().optional(),
  user_id: z.unknown().optional(),
});

/** PUT /api/product/{id}: a status and/or allow-listed fields; anything else is ignored. */
export const updateProductBody = productFields.partial().extend({
  status: z
    .enum(productStatus.options, { error: `must be one of ${productStatus.options.join(', ')}` })
    .optional(),
});

/** Image types an upload may have. */
export const imageUploadTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Where an upload goes: a listing's pictures or a profile picture (public once published), or a
 * dispute's photos (private: published where only the dispute's parties and admins read them).
 */
export const imageFolderTypes = ['products', 'profile-pics', 'dispute-photos'] as const;
/** The widths an image is resized to. */
export const imageVariantWidths = [300, 600, 900] as const;

/**
 * POST /api/images/upload-url. `fileSize` (bytes, at most the upload limit) is required: it is signed
 * into the URL, so storage refuses a body of any other size.
 */
export const imageUploadUrlBody = z.object({
  fileName: z.string().trim().min(1, 'is required').max(255, 'at most 255 characters'),
  fileType: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(imageUploadTypes, { error: `must be one of ${imageUploadTypes.join(', ')}` })),
  folderType: z.enum(imageFolderTypes, {
    error: `must be one of ${imageFolderTypes.join(', ')}`,
  }),
  userId: z.unknown().optional(),
  fileSize: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({
        error: (iss) => (iss.input === undefined ? 'is required' : 'must be a number of bytes'),
      })
      .int('must be a whole number of bytes')
      .min(1, 'must be at least 1 byte'),
  ),
});

/** GET /api/images/variant: a stored image's key and one of the variant widths. */
export const imageVariantQuery = z.object({
  key: z.string().min(1, 'is required').max(300),
  w: z.coerce
    .number()
    .int()
    .refine((w) => (imageVariantWidths as readonly number[]).includes(w), {
      message: `must be one of ${imageVariantWidths.join(', ')}`,
    })
    // The refinement has no JSON Schema: the document names the widths itself.
    .meta({ enum: [...imageVariantWidths] })
    .transform((w) => w as (typeof imageVariantWidths)[number]),
});

/** POST /api/images/publish: one of the caller's uploads, by the key its upload URL gave. */
export const publishImageBody = z.object({
  key: z.string({ error: 'is required' }).trim().min(1, 'is required').max(300),
});

/** A private photo's key: `dispute-photos/<userId>/<uuid>.<ext>`, as its upload URL gave it. */
export const privatePhotoKey = z
  .string()
  .trim()
  .regex(
    /^dispute-photos\/[A-Za-z0-9_-]{1,64}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/,
    'must be the key of a photo uploaded for a dispute',
  );

/** POST /api/images/private-urls (and the admin's internal twin): private photos to show. */
export const privatePhotoUrlsBody = z.strictObject({
  keys: z.array(privatePhotoKey).min(1, 'at least one key').max(10, 'at most 10 keys'),
});

/**
 * PUT /api/images/local-upload (local storage only): the signed URL's parameters, as the upload
 * URL gave them; the storage checks the signature over key, type, size and expiry.
 */
export const localUploadQuery = z.object({
  key: z.string(),
  type: z.string(),
  /** Bytes, or empty when the size was not signed. */
  size: z.string(),
  /** Unix seconds. */
  expires: z.string(),
  sig: z.string(),
});

const ids = <K extends string>(...names: K[]) =>
  z.object(
    Object.fromEntries(names.map((n) => [n, catalogIdParam])) as Record<K, typeof catalogIdParam>,
  );

/** GET /api/booth/check-username|check-name/{value}: the name asked about (its first 200 characters). */
export const boothAvailabilityParams = z.object({
  value: z.string().transform((v) => v.slice(0, 200)),
});

/**
 * GET /api/images/files/{key}: a stored image's key, which may hold slashes (the route takes the
 * rest of the path; Express gives its segments, which are joined back).
 */
export const imageFileParams = z.object({
  key: z.preprocess((v) => (Array.isArray(v) ? v.join('/') : v), z.string().min(1, 'is required')),
});

/** The request schemas of the catalog endpoints (beside `catalogEndpoints`). */
export const catalogRequests: Partial<Record<keyof typeof catalogEndpoints, EndpointRequest>> = {
  'GET /api/product/published': { query: catalogPageQuery },
  'GET /api/product/published-by-user/{userId}': { params: ids('userId'), query: catalogPageQuery },
  'GET /api/product/count/user/{userId}': { params: ids('userId') },
  'GET /api/product/slug/{slug}': { params: ids('slug') },
  'GET /api/product/booth/{username}': { params: ids('username'), query: catalogPageQuery },
  'GET /api/profile/user/{userId}/products': { params: ids('userId'), query: catalogPageQuery },
  'GET /api/product/{id}': { params: ids('id') },
  'POST /api/product': { body: createProductBody },
  'PUT /api/product/{id}': { params: ids('id'), body: updateProductBody },
  'POST /api/product/{id}/like/{userId}': { params: ids('id', 'userId') },
  'DELETE /api/product/{id}/unlike/{userId}': { params: ids('id', 'userId') },
  'POST /api/product/{id}/add-to-bag/{userId}': { params: ids('id', 'userId') },
  'GET /api/product/{userId}/liked': { params: ids('userId') },
  'GET /api/product/{userId}/bag': { params: ids('userId') },
  'GET /api/products/{userId}/bag-count': { params: ids('userId') },
  'DELETE /api/product/{userId}/remove-to-bag/{productId}': { params: ids('userId', 'productId') },
  'POST /api/booth': { body: createBoothBody },
  'GET /api/booth/{userId}': { params: ids('userId') },
  'GET /api/booth/username/{username}': { params: ids('username') },
  'POST /api/booth/views/{id}': { params: ids('id') },
  'GET /api/booth/views/{id}': { params: ids('id') },
  'GET /api/booth/check-username/{value}': { params: boothAvailabilityParams },
  'GET /api/booth/check-name/{value}': { params: boothAvailabilityParams },
  'GET /api/images/files/{key}': { params: imageFileParams },
  'PUT /api/booth/{id}': { params: ids('id'), body: updateBoothBody },
  'POST /api/reports': { body: reportBody },
  'POST /api/images/upload-url': { body: imageUploadUrlBody },
  'POST /api/images/publish': { body: publishImageBody },
  'POST /api/images/private-urls': { body: privatePhotoUrlsBody },
  'GET /api/images/variant': { query: imageVariantQuery },
  'PUT /api/images/local-upload': { query: localUploadQuery },
};
