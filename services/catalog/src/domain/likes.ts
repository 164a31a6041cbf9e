import { AppError } from '@swapbooth/service-kit';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import type { ProductRepository } from './product-repository';
import { isVisibleTo, type Product } from './product';

/** Likes storage; each like/unlike that changes something stores its event in the same write. */
export interface LikeRepository {
  /** False when the member already liked the listing. */
  like(userId: string, productId: string, event: DomainEvent<'product.liked'>): Promise<boolean>;
  /** False when there was no like to take back. */
  unlike(
    userId: string,
    productId: string,
    event: DomainEvent<'product.unliked'>,
  ): Promise<boolean>;
  /** Liked listing ids, most recent like first. */
  likedProductIds(userId: string): Promise<string[]>;
}

interface Deps {
  products: ProductRepository;
  likes: LikeRepository;
}

async function listingFor(deps: Deps, productId: string, userId: string): Promise<Product> {
  const product = await deps.products.findById(productId);
  if (!product || !isVisibleTo(product, userId)) throw AppError.notFound('Listing not found');
  return product;
}

/** Likes a published listing of someone else; liking twice changes nothing. */
export async function likeProduct(deps: Deps, userId: string, productId: string): Promise<void> {
  const product = await listingFor(deps, productId, userId);
  if (product.userId === userId) throw AppError.invalid('You cannot like your own listing');
  if (product.status !== 'published')
    throw AppError.conflict('Only published listings can be liked');
  await deps.likes.like(
    userId,
    productId,
    domainEvent('product.liked', productId, { productId, userId, ownerId: product.userId }),
  );
}

/** Takes a like back; works whatever the listing's status, and twice is the same as once. */
export async function unlikeProduct(deps: Deps, userId: string, productId: string): Promise<void> {
  const product = await deps.products.findById(productId);
  if (!product) throw AppError.notFound('Listing not found');
  if (product.userId === userId) throw AppError.invalid('You cannot like your own listing');
  await deps.likes.unlike(
    userId,
    productId,
    domainEvent('product.unliked', productId, { productId, userId, ownerId: product.userId }),
  );
}

/** The listings a member liked that they can still see, most recent like first. */
export async function likedProducts(deps: Deps, userId: string): Promise<Product[]> {
  const ids = await deps.likes.likedProductIds(userId);
  const byId = new Map((await deps.products.findByIds(ids)).map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => !!p && isVisibleTo(p, userId));
}
