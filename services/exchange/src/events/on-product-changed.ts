import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../deps';
import { listingsGone } from '../circles/domain/circle-life';
import { markUnavailable } from '../proposals/domain/sweep-proposals';

/** Statuses in which a listing has left the catalog for good: open proposals naming it end. */
const gone = ['removed', 'traded', 'suspended'];

/**
 * Keeps the listings projection current; a listing that left the catalog ends open proposals. A
 * listing no longer published (or its seller suspended) dissolves a pending circle holding it, and
 * a status change asks the circle matcher to look again.
 */
export const onProductChanged =
  (deps: ExchangeDeps) =>
  async ({
    type,
    data,
  }: EventEnvelope<
    'product.created' | 'product.updated' | 'product.status-changed'
  >): Promise<void> => {
    await deps.listings.apply(data);
    if (gone.includes(data.status)) await markUnavailable(deps, [data.productId]);
    if (data.status !== 'published' || data.sellerActive === false) {
      await listingsGone(deps.circles, [data.productId]);
    }
    if (type === 'product.status-changed') deps.circles.rematch();
  };
