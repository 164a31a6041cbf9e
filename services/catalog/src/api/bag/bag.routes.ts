import { Router, type Request, type Response } from 'express';
import { assertSelf, handle, parse, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { CatalogDeps } from '../../deps';
import { addToBag, bagContents, removeFromBag } from '../../domain/bag';
import { idParam, ok } from '../http';
import { ProductPresenter } from '../products/product-presenter';

/**
 * The exchange bag. Paths keep the client's shapes: in `remove-to-bag` and `bag-count` the first
 * id is the member's own id. Every member id must be the caller's.
 */
export function bagRoutes(ctx: ServiceContext, deps: CatalogDeps): Router {
  const r = Router();
  const presenter = new ProductPresenter(deps);
  const member = requireAuth(ctx.memberTokens);
  const self = (req: Request, name: string) =>
    assertSelf(req, parse(idParam, req.params[name], name));

  r.post(
    '/api/product/:id/add-to-bag/:userId',
    member,
    handle(async (req: Request, res: Response) => {
      const userId = self(req, 'userId');
      const productId = parse(idParam, req.params.id, 'id');
      await addToBag(deps, userId, productId);
      ok(res, { productId, inBag: true });
    }),
  );
  r.delete(
    '/api/product/:id/remove-to-bag/:productId',
    member,
    handle(async (req: Request, res: Response) => {
      const userId = self(req, 'id');
      const productId = parse(idParam, req.params.productId, 'productId');
      await removeFromBag(deps, userId, productId);
      ok(res, { productId, inBag: false });
    }),
  );
  r.get(
    '/api/product/:userId/bag',
    member,
    handle(async (req: Request, res: Response) => {
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
    }),
  );
  r.get(
    '/api/products/:id/bag-count',
    member,
    handle(async (req: Request, res: Response) => {
      const groups = await bagContents(deps, self(req, 'id'));
      ok(res, { count: groups.reduce((n, g) => n + g.products.length, 0) });
    }),
  );
  return r;
}
