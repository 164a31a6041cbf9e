import type { Request, Response } from 'express';
import { principalOf } from '@swapbooth/service-kit';
import type { Actor } from '../domain/product-fields';

/** `{ success: true, data }` with a status. */
export function ok(res: Response, data: unknown, status = 200): void {
  res.status(status).json({ success: true, data });
}

/** Paging and path ids as the catalog contract defines them (packages/contracts). */
export { catalogIdParam as idParam, catalogPageQuery as pageQuery } from '@swapbooth/contracts';

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
