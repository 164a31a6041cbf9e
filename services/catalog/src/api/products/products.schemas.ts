import { z } from 'zod';
import { productStatus } from '@swapbooth/contracts';
import { conditions, productTypes } from '../../domain/product';
import { MAX_IMAGES } from '../../domain/product-images';

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

const fields = {
  title: z.string().trim().min(3, 'at least 3 characters').max(120, 'at most 120 characters'),
  description: z.string().trim().min(1, 'is required').max(5000, 'at most 5000 characters'),
  category: z.string().trim().min(1, 'is required').max(80),
  subCategory: optionalText(80),
  brand: optionalText(80),
  condition: z.enum(conditions, { error: `must be one of ${conditions.join(', ')}` }).optional(),
  color: optionalText(40),
  type: z.enum(productTypes, { error: 'must be item or service' }),
  weight,
  tags: z.array(z.string().trim().min(1).max(30, 'at most 30 characters')).max(20).optional(),
  images: z.array(imageInput).max(MAX_IMAGES, `at most ${MAX_IMAGES} images`).optional(),
  addressId: z.string().trim().max(64).optional(),
};

const productFields = z.object(fields);

/** POST /api/product. Any user id in the body must be the caller's (checked in the controller). */
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
