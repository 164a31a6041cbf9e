import { AppError } from '@swapbooth/service-kit';
import type { ProductRepository } from './product-repository';
import { isVisibleTo, type Product } from './product';

export interface BagItem {
  productId: string;
  sellerId: string;
  addedAt: Date;
}

/** A member's exchange bag; adding and removing are idempotent. */
export interface BagRepository {
  add(userId: string, item: BagItem): Promise<void>;
  remove(userId: string, productId: string): Promise<void>;
  items(userId: string): Promise<BagItem[]>;
}

interface Deps {
  products: ProductRepository;
  bag: BagRepository;
  now(): Date;
}

/** Puts someone else's published listing in the caller's bag. */
export async function addToBag(deps: Deps, userId: string, productId: string): Promise<void> {
  const product = await deps.products.findById(productId);
  if (!product || !isVisibleTo(product, userId)) throw AppError.notFound('Listing not found');
  if (product.userId === userId)
    throw AppError.invalid('You cannot add your own listing to your bag');
  if (product.status !== 'published') {
    throw AppError.conflict('Only published listings can go in the exchange bag');
  }
  await deps.bag.add(userId, { productId, sellerId: product.userId, addedAt: deps.now() });
}

export const removeFromBag = (deps: Deps, userId: string, productId: string) =>
  deps.bag.remove(userId, productId);

export interface BagGroup {
  sellerId: string;
  products: Product[];
}

/** The bag's listings the member can still see, grouped by seller (most recently added first). */
export async function bagContents(deps: Deps, userId: string): Promise<BagGroup[]> {
  const items = (await deps.bag.items(userId)).sort((a, b) => +b.addedAt - +a.addedAt);
  const byId = new Map(
    (await deps.products.findByIds(items.map((i) => i.productId))).map((p) => [p.id, p]),
  );
  const groups = new Map<string, BagGroup>();
  for (const item of items) {
    const product = byId.get(item.productId);
    if (!product || !isVisibleTo(product, userId)) continue;
    const group = groups.get(product.userId) ?? { sellerId: product.userId, products: [] };
    group.products.push(product);
    groups.set(product.userId, group);
  }
  return [...groups.values()];
}
