import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT, type DomainEvent } from '@swapbooth/event-bus';
import type { ProductRepository } from './product-repository';
import type { Product } from './product';

export interface Mutation {
  /** The new state; its version is set here. */
  next: Product;
  /** The events to store with it, built from the final state (so snapshots carry the new version). */
  events: (final: Product) => DomainEvent[];
}

/**
 * Optimistic read-modify-write of one listing: `decide` sees the current state and returns the new
 * state with its events (or undefined for "nothing to do"); a concurrent write makes it run again.
 */
export async function mutateProduct(
  products: ProductRepository,
  id: string,
  decide: (current: Product) => Promise<Mutation | undefined> | Mutation | undefined,
): Promise<Product> {
  return compareAndSet(
    async () => {
      const current = await products.findById(id);
      if (!current) throw AppError.notFound('Listing not found');
      const mutation = await decide(current);
      if (!mutation) return current;
      const next = { ...mutation.next, version: current.version + 1 };
      return (await products.replace(next, current.version, mutation.events(next)))
        ? next
        : CONFLICT;
    },
    { exhausted: () => AppError.conflict('The listing changed meanwhile; try again') },
  );
}
