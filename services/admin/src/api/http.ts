import type { Request, Response } from 'express';
import { z } from 'zod';
import { AppError, bearerToken, principalOf } from '@swapbooth/service-kit';
import type { Actor } from '../domain/moderation';
import type { AdminUserRepository } from '../domain/ports';

export const pageQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(25),
});

export const idParam = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'is too long')
  .regex(/^[\w-]+$/, 'must be an id');

export const reason = z.string().trim().min(1, 'must not be empty').max(500, 'is too long');

export const ok = (res: Response, data: unknown, status = 200) =>
  res.status(status).json({ success: true, data });

export const pageOf = <T>(
  key: string,
  p: { items: T[]; total: number; page: number; limit: number },
) => ({
  [key]: p.items,
  totalCount: p.total,
  page: p.page,
  limit: p.limit,
  totalPages: Math.max(1, Math.ceil(p.total / p.limit)),
});

/** The admin acting: id from the token, e-mail from the account, and the token to forward. */
export async function actorOf(req: Request, admins: AdminUserRepository): Promise<Actor> {
  const p = principalOf(req);
  const token = bearerToken(req);
  const account = await admins.byId(p.userId);
  if (!account || !token) throw AppError.unauthorized('This admin account no longer exists');
  return { id: account.id, email: account.email, token };
}
