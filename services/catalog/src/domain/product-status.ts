import { AppError } from '@swapbooth/service-kit';
import type { ProductStatus } from './product';

/** Who asks for a status change: each has its own transitions. */
export type StatusActor = 'owner' | 'exchange' | 'admin';

const transitions: Record<StatusActor, Partial<Record<ProductStatus, readonly ProductStatus[]>>> = {
  owner: {
    draft: ['published', 'removed'],
    published: ['paused', 'removed'],
    paused: ['published', 'removed'],
  },
  // Accepted and completed exchanges; an accepted exchange that is cancelled frees its listings.
  exchange: {
    published: ['reserved'],
    paused: ['reserved'],
    reserved: ['traded', 'published'],
  },
  admin: {
    draft: ['suspended', 'removed'],
    published: ['suspended', 'removed'],
    paused: ['suspended', 'removed'],
    reserved: ['suspended', 'removed'],
    traded: ['suspended', 'removed'],
    suspended: ['published', 'paused', 'removed'],
  },
};

export const allowedTransitions = (
  actor: StatusActor,
  from: ProductStatus,
): readonly ProductStatus[] => transitions[actor][from] ?? [];

/** Throws a 409 naming the allowed statuses when `from -> to` is not a move this actor may make. */
export function assertTransition(actor: StatusActor, from: ProductStatus, to: ProductStatus): void {
  const allowed = allowedTransitions(actor, from);
  if (!allowed.includes(to)) {
    const list = allowed.length ? allowed.join(', ') : 'none';
    throw AppError.conflict(`A ${from} listing cannot become ${to}; allowed from ${from}: ${list}`);
  }
}
