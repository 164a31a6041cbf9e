import { z } from 'zod';
import {
  folderTypes,
  imageContentTypes,
  variantWidths,
  type ImageContentType,
} from '../../domain/image-keys';

const types = Object.keys(imageContentTypes) as [ImageContentType, ...ImageContentType[]];

/** POST /api/images/upload-url. `fileSize` (bytes) is optional; when given it is signed into the URL. */
export const uploadUrlBody = z.object({
  fileName: z.string().trim().min(1, 'is required').max(255, 'at most 255 characters'),
  fileType: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(types, { error: `must be one of ${types.join(', ')}` })),
  folderType: z.enum(folderTypes, { error: `must be one of ${folderTypes.join(', ')}` }),
  userId: z.unknown().optional(),
  fileSize: z.coerce.number({ error: 'must be a number of bytes' }).int().min(1).optional(),
});

export const variantQuery = z.object({
  key: z.string().min(1, 'is required').max(300),
  w: z.coerce
    .number()
    .int()
    .refine((w) => (variantWidths as readonly number[]).includes(w), {
      message: `must be one of ${variantWidths.join(', ')}`,
    })
    .transform((w) => w as (typeof variantWidths)[number]),
});

/** POST /api/images/publish: one of the caller's uploads, by the key its upload URL gave. */
export const publishBody = z.object({
  key: z.string({ error: 'is required' }).trim().min(1, 'is required').max(300),
});
