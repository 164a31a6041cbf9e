import type { Request, Response } from 'express';
import { assertSelf, parse } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import { likedProducts, likeProduct, unlikeProduct } from '../../domain/likes';
import { idParam, ok } from '../http';
import { ProductPresenter } from '../products/product-presenter';

/** HTTP in and out for likes (the wishlist). The user id in each path must be the caller's. */
export function likesController(deps: CatalogDeps) {
  const presenter = new ProductPresenter(deps);
  const self = (req: Request) => assertSelf(req, parse(idParam, req.params.userId, 'userId'));
  const ids = (req: Request) => ({
    productId: parse(idParam, req.params.id, 'id'),
    userId: self(req),
  });

  return {
    async like(req: Request, res: Response) {
      const { productId, userId } = ids(req);
      await likeProduct(deps, userId, productId);
      ok(res, { productId, liked: true });
    },
    async unlike(req: Request, res: Response) {
      const { productId, userId } = ids(req);
      await unlikeProduct(deps, userId, productId);
      ok(res, { productId, liked: false });
    },
    async liked(req: Request, res: Response) {
      ok(res, await presenter.many(await likedProducts(deps, self(req))));
    },
  };
}
