import type { Request, Response } from 'express';
import { AppError, bearerToken, principalOf } from '@swapbooth/service-kit';
import type { Actor } from '../domain/moderation';
import type { AdminUserRepository } from '../domain/ports';

/** Paging, path ids and reasons as the admin contract defines them (packages/contracts). */
export {
  adminIdParam as idParam,
  adminPageQuery as pageQuery,
  adminReason as reason,
} from '@swapbooth/contracts';

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
