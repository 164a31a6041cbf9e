import { AppError } from '@swapbooth/service-kit';
import { mutateProduct } from './mutate-product';
import { allowedTransitions, assertTransition } from './product-status';
import type { ProductRepository } from './product-repository';
import type { Product, ProductStatus, VariantUrl } from './product';
import { eventsFor } from './update-product';

export interface StatusDeps {
  products: ProductRepository;
  now(): Date;
  variantUrl: VariantUrl;
}

/** An admin's status change (suspend, reinstate, remove); illegal moves are a 409. */
export function adminSetStatus(
  deps: StatusDeps,
  productId: string,
  to: ProductStatus,
): Promise<Product> {
  return mutateProduct(deps.products, productId, (current) => {
    if (current.status === to) return undefined;
    assertTransition('admin', current.status, to);
    const next: Product = { ...current, status: to, updatedAt: deps.now() };
    return { next, events: (final) => eventsFor(final, current, false, deps.variantUrl) };
  });
}

/**
 * A change driven by an exchange (reserve on accept, trade on complete, release on cancel).
 * Events can arrive again or late: a move that no longer applies is skipped, not an error.
 */
export async function exchangeSetStatus(
  deps: StatusDeps,
  productId: string,
  to: ProductStatus,
  proposalId: string,
): Promise<Product | undefined> {
  try {
    return await mutateProduct(deps.products, productId, (current) => {
      if (current.status === to) return undefined;
      if (!allowedTransitions('exchange', current.status).includes(to)) return undefined;
      // Only the proposal that reserved a listing may trade or release it.
      if (
        current.status === 'reserved' &&
        current.reservedBy &&
        current.reservedBy !== proposalId
      ) {
        return undefined;
      }
      const next: Product = { ...current, status: to, updatedAt: deps.now() };
      if (to === 'reserved') next.reservedBy = proposalId;
      else delete next.reservedBy;
      return { next, events: (final) => eventsFor(final, current, false, deps.variantUrl) };
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return undefined;
    throw err;
  }
}

/** Marks every listing of a member as (not) shown, after their account was suspended or restored. */
export async function setSellerActive(
  deps: StatusDeps,
  productId: string,
  active: boolean,
): Promise<void> {
  await mutateProduct(deps.products, productId, (current) => {
    if (current.sellerActive === active) return undefined;
    const next: Product = { ...current, sellerActive: active, updatedAt: deps.now() };
    return { next, events: (final) => eventsFor(final, current, true, deps.variantUrl) };
  });
}
