import type { Request, Response } from 'express';
import type { CountResponse, ProductPageResponse } from '@swapbooth/contracts';
import { assertSelf, parse } from '@swapbooth/service-kit';
import type { CatalogDeps } from '../../deps';
import { createProduct } from '../../domain/create-product';
import {
  boothListings,
  getProduct,
  memberListingCount,
  memberListings,
  publishedListings,
} from '../../domain/list-products';
import { updateProduct } from '../../domain/update-product';
import { actorOf, idParam, ok, pageQuery, pageResult, viewerOf } from '../http';
import { ProductPresenter } from './product-presenter';
import { createProductBody, updateProductBody } from './products.schemas';

/** HTTP in and out for listings; each handler calls one use case. */
export function productsController(deps: CatalogDeps) {
  const presenter = new ProductPresenter(deps);
  const param = (req: Request, name: string) => parse(idParam, req.params[name], name);
  const page = (req: Request) => parse(pageQuery, req.query, 'query');
  const list = async (res: Response, p: Awaited<ReturnType<typeof publishedListings>>) => {
    const page: ProductPageResponse = pageResult(
      await presenter.many(p.items),
      p.total,
      p.page,
      p.limit,
    );
    ok(res, page);
  };

  return {
    async create(req: Request, res: Response) {
      const body = parse(createProductBody, req.body);
      assertSelf(req, body.userId);
      assertSelf(req, body.user_id);
      const product = await createProduct(deps, actorOf(req), body);
      ok(res, await presenter.one(product), 201);
    },
    async update(req: Request, res: Response) {
      const body = parse(updateProductBody, req.body);
      const product = await updateProduct(deps, actorOf(req), param(req, 'id'), body);
      ok(res, await presenter.one(product));
    },
    async byId(req: Request, res: Response) {
      const product = await getProduct(deps, { id: param(req, 'id') }, viewerOf(req));
      ok(res, await presenter.one(product));
    },
    async bySlug(req: Request, res: Response) {
      const product = await getProduct(deps, { slug: param(req, 'slug') }, viewerOf(req));
      ok(res, await presenter.one(product));
    },
    async published(req: Request, res: Response) {
      await list(res, await publishedListings(deps, page(req)));
    },
    async publishedByUser(req: Request, res: Response) {
      await list(res, await publishedListings(deps, page(req), param(req, 'userId')));
    },
    async ofMember(req: Request, res: Response) {
      await list(res, await memberListings(deps, param(req, 'userId'), viewerOf(req), page(req)));
    },
    async ofBooth(req: Request, res: Response) {
      await list(res, await boothListings(deps, param(req, 'username'), viewerOf(req), page(req)));
    },
    async countOfMember(req: Request, res: Response) {
      const count = await memberListingCount(deps, param(req, 'userId'), viewerOf(req));
      ok(res, { count } satisfies CountResponse);
    },
  };
}
