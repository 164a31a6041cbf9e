import { productStatus } from '@swapbooth/contracts';
import { AppError } from '@swapbooth/service-kit';
import type { BoothRepository } from './booth-repository';
import type { ProductRepository } from './product-repository';
import { isVisibleTo, type Product, type ProductStatus } from './product';

export interface Page {
  page: number;
  limit: number;
}

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

const everyStatusButRemoved: ProductStatus[] = [
  'draft',
  'published',
  'paused',
  'reserved',
  'traded',
  'suspended',
];

interface Deps {
  products: ProductRepository;
  booths: BoothRepository;
}

/** One listing by id or slug, if the viewer may see it (else a 404, so drafts do not leak). */
export async function getProduct(
  deps: Deps,
  by: { id: string } | { slug: string },
  viewerId: string | undefined,
): Promise<Product> {
  const p =
    'id' in by ? await deps.products.findById(by.id) : await deps.products.findBySlug(by.slug);
  if (!p || !isVisibleTo(p, viewerId)) throw AppError.notFound('Listing not found');
  return p;
}

/** Published listings of active sellers, newest first. */
export async function publishedListings(
  deps: Deps,
  page: Page,
  userId?: string,
): Promise<PageOf<Product>> {
  const res = await deps.products.list({
    statuses: ['published'],
    activeSellersOnly: true,
    ...(userId ? { userId } : {}),
    ...page,
  });
  return { ...res, ...page };
}

/** A member's listings: all but removed ones for the member, the published ones for anyone else. */
export async function memberListings(
  deps: Deps,
  userId: string,
  viewerId: string | undefined,
  page: Page,
): Promise<PageOf<Product>> {
  if (viewerId !== userId) return publishedListings(deps, page, userId);
  const res = await deps.products.list({
    userId,
    statuses: everyStatusButRemoved,
    activeSellersOnly: false,
    ...page,
  });
  return { ...res, ...page };
}

export function memberListingCount(
  deps: Deps,
  userId: string,
  viewerId: string | undefined,
): Promise<number> {
  const own = viewerId === userId;
  return deps.products.count({
    userId,
    statuses: own ? everyStatusButRemoved : ['published'],
    activeSellersOnly: !own,
  });
}

/** The listings shown in a booth, found by its username. */
export async function boothListings(
  deps: Deps,
  username: string,
  viewerId: string | undefined,
  page: Page,
): Promise<PageOf<Product>> {
  const booth = await deps.booths.findByUsername(username);
  if (!booth) throw AppError.notFound('Booth not found');
  return memberListings(deps, booth.userId, viewerId, page);
}

/** Every listing whatever its status or seller (or those in one status), for moderators. */
export async function moderationListings(
  deps: Pick<Deps, 'products'>,
  status: ProductStatus | undefined,
  page: Page,
): Promise<PageOf<Product>> {
  const res = await deps.products.list({
    statuses: status ? [status] : productStatus.options,
    activeSellersOnly: false,
    ...page,
  });
  return { ...res, ...page };
}
