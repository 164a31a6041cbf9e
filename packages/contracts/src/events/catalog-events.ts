import { z } from 'zod';

export const productStatus = z.enum([
  'draft',
  'published',
  'paused',
  'reserved',
  'traded',
  'removed',
  'suspended',
]);

const image = z.object({
  image_url: z.string(),
  is_default: z.boolean(),
  display_order: z.number().int().positive(),
  /**
   * Where browsers fetch the resized copies (300/600/900 wide), so a consumer shows a card-sized
   * picture without calling catalog back. Absent on events from before this field existed.
   */
  variants: z.object({ 300: z.string(), 600: z.string(), 900: z.string() }).optional(),
});

/** Everything search needs to project a listing without calling catalog back. */
export const productSnapshot = z.object({
  productId: z.string(),
  userId: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  subCategory: z.string().optional(),
  brand: z.string().optional(),
  condition: z.string().optional(),
  color: z.string().optional(),
  type: z.enum(['item', 'service']),
  tags: z.array(z.string()),
  status: productStatus,
  images: z.array(image),
  zipCode: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  /**
   * False while the owner's account is suspended or deleted: the listing must not be shown even
   * when its status is published. Absent on events from before this field existed (treat as true).
   */
  sellerActive: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().nonnegative(),
});
export type ProductSnapshot = z.infer<typeof productSnapshot>;

const boothSnapshot = z.object({
  boothId: z.string(),
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  interests: z.array(z.string()),
  status: z.enum(['active', 'inactive', 'on_vacation', 'closed', 'suspended']),
  version: z.number().int().nonnegative(),
});

export const catalogEvents = {
  'product.created': productSnapshot,
  'product.updated': productSnapshot,
  'product.status-changed': productSnapshot.extend({ previousStatus: productStatus }),
  'product.deleted': z.object({ productId: z.string(), userId: z.string(), version: z.number() }),
  'product.liked': z.object({ productId: z.string(), userId: z.string(), ownerId: z.string() }),
  'product.unliked': z.object({ productId: z.string(), userId: z.string(), ownerId: z.string() }),
  'booth.created': boothSnapshot,
  'booth.updated': boothSnapshot,
  'booth.status-changed': boothSnapshot.extend({ previousStatus: boothSnapshot.shape.status }),
  'report.filed': z.object({
    reportId: z.string(),
    reporterId: z.string(),
    targetType: z.enum(['product', 'booth', 'user']),
    targetId: z.string(),
    reason: z.string(),
  }),
} as const;
