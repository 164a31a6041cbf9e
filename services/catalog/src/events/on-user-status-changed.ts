import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';
import { setSellerActive } from '../domain/change-product-status';
import { followAccountStatus } from '../domain/update-booth';

/**
 * A suspended or deleted member's listings leave public lists and search: each one is marked and
 * re-published (product.updated with sellerActive false), and their booth is suspended with them;
 * reactivation brings both back.
 */
export const onUserStatusChanged =
  (deps: CatalogDeps) =>
  async ({ data }: EventEnvelope<'user.status-changed'>): Promise<void> => {
    await deps.members.setStatus(data.userId, data.status);
    const active = data.status === 'active';
    for (const id of await deps.products.idsOfOwner(data.userId)) {
      await setSellerActive(deps, id, active);
    }
    await followAccountStatus(deps, data.userId, active);
  };
