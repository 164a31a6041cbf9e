import type { Request, Response } from 'express';
import { assertSelf, parse } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import { addToBag, bagContents, removeFromBag } from '../../domain/bag';
import { idParam, ok } from '../http';
import { ProductPresenter } from '../products/product-presenter';

/**
 * HTTP in and out for the exchange bag. In `remove-to-bag` and `bag-count` the first path id is
 * the member's own id; every member id must be the caller's.
 */
export function bagController(deps: CatalogDeps) {
  const presenter = new ProductPresenter(deps);
  const param = (req: Request, name: string) => parse(idParam, req.params[name], name);
  const self = (req: Request, name: string) => assertSelf(req, param(req, name));

  return {
    async add(req: Request, res: Response) {
      const userId = self(req, 'userId');
      const productId = param(req, 'id');
      await addToBag(deps, userId, productId);
      ok(res, { productId, inBag: true });
    },
    async remove(req: Request, res: Response) {
      const userId = self(req, 'id');
      const productId = param(req, 'productId');
      await removeFromBag(deps, userId, productId);
      ok(res, { productId, inBag: false });
    },
    /** The bag grouped by seller, each group with the seller's profile and booth. */
    async contents(req: Request, res: Response) {
      const groups = await bagContents(deps, self(req, 'userId'));
      const views = await presenter.many(groups.flatMap((g) => g.products));
      const byId = new Map(views.map((v) => [v.product_id as string, v]));
      ok(
        res,
        groups.map((g) => {
          const products = g.products.map((p) => byId.get(p.id)!);
          return {
            seller_id: g.sellerId,
            user_profile: products[0]?.user_profile,
            booth: products[0]?.booth,
            products,
          };
        }),
      );
    },
    async count(req: Request, res: Response) {
      const groups = await bagContents(deps, self(req, 'id'));
      ok(res, { count: groups.reduce((n, g) => n + g.products.length, 0) });
    },
  };
}
