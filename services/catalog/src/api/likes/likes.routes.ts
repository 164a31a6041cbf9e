import { Router, type Request, type Response } from 'express';
import { assertSelf, handle, parse, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { likedProducts, likeProduct, unlikeProduct } from '../../domain/likes';
import { idParam, ok } from '../http';
import { ProductPresenter } from '../products/product-presenter';

/** Likes (wishlist). The user id in each path must be the caller's. */
export function likesRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const presenter = new ProductPresenter(deps);
  const member = requireAuth(ctx.memberTokens);
  const ids = (req: Request) => ({
    productId: parse(idParam, req.params.id, 'id'),
    userId: assertSelf(req, parse(idParam, req.params.userId, 'userId')),
  });

  r.post(
    '/api/product/:id/like/:userId',
    member,
    handle(async (req: Request, res: Response) => {
      const { productId, userId } = ids(req);
      await likeProduct(deps, userId, productId);
      ok(res, { productId, liked: true });
    }),
  );
  r.delete(
    '/api/product/:id/unlike/:userId',
    member,
    handle(async (req: Request, res: Response) => {
      const { productId, userId } = ids(req);
      await unlikeProduct(deps, userId, productId);
      ok(res, { productId, liked: false });
    }),
  );
  r.get(
    '/api/product/:userId/liked',
    member,
    handle(async (req: Request, res: Response) => {
      const userId = assertSelf(req, parse(idParam, req.params.userId, 'userId'));
      ok(res, await presenter.many(await likedProducts(deps, userId)));
    }),
  );
  return r;
}
