import type { Request, Response } from 'express';
import { z } from 'zod';
import { principalOf } from '@swapbooth/service-kit';
import type { Actor } from '../domain/product-fields';

/** `{ success: true, data }` with a status. */
export function ok(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ success: true, data });
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** Path ids: bounded, printable, no slashes. */
export const idParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');

/** The signed-in caller, with the header to forward to sibling services on their behalf. */
export function actorOf(req: Request): Actor {
  return { userId: principalOf(req).userId, authorization: req.headers.authorization ?? '' };
}

/** The caller's id when a token was given (optional-auth routes). */
export const viewerOf = (req: Request): string | undefined => req.principal?.userId;

export const pageResult = <T>(items: T[], total: number, page: number, limit: number) => ({
  products: items,
  totalCount: total,
  page,
  limit,
  totalPages: Math.ceil(total / limit),
});
