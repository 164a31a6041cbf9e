import { parse } from '@swapbooth/service-kit';
import {
  adminProductsQuery as productsQuery,
  listingStatusBody as statusBody,
} from '@swapbooth/contracts';
import type { ListingRow } from '../../domain/projection';
import { setListingStatus } from '../../domain/set-listing-status';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { actorOf, idParam, ok, pageOf } from '../http';

const listingView = (l: ListingRow) => ({
  product_id: l.productId,
  title: l.title,
  category: l.category,
  type: l.type ?? null,
  status: l.status,
  seller_id: l.sellerId,
  created_at: l.createdAt.toISOString(),
  updated_at: l.updatedAt.toISOString(),
});

/** Listings from the projection; moderation through catalog ('hidden' is catalog's 'suspended'). */
export function productsRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/products', 'products', async (req, res) => {
    const { search, seller, ...q } = parse(productsQuery, req.query, 'query');
    const found = await deps.projection.listings({
      ...q,
      ...(search ? { q: search } : {}),
      ...(seller ? { sellerId: seller } : {}),
    });
    ok(res, pageOf('products', { ...found, items: found.items.map(listingView) }));
  });
  r.add('patch', '/api/admin/products/:id/status', 'products', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const body = parse(statusBody, req.body);
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await setListingStatus(deps.moderation, actor, id, body.status, body.reason));
  });
}
