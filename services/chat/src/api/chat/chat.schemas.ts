import { z } from 'zod';

/** Path ids: bounded, printable, no slashes. */
export const idParam = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(160)
    .regex(/^[^/\s]+$/, 'is not a valid id'),
});

export const userIdQuery = z.object({ userId: z.string().max(160).optional() });

export const messagesQuery = z.object({
  userId: z.string().max(160).optional(),
  since: z
    .string()
    .optional()
    .refine((s) => s === undefined || s === '' || !Number.isNaN(Date.parse(s)), 'is not a date'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `content` is checked by the use case (trimmed, 1–2,000 characters) so the message names it. */
export const sendBody = z.object({
  userId: z.string().max(160).optional(),
  content: z.unknown(),
});

export const readBody = z.object({ userId: z.string().max(160).optional() }).optional();
