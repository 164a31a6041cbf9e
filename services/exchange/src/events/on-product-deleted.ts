import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../deps';
import { listingsGone } from '../circles/domain/circle-life';
import { markUnavailable } from '../proposals/domain/sweep-proposals';

/**
 * A deleted listing stays known by its title (old proposals show it), ends open proposals and
 * dissolves a pending circle holding it.
 */
export const onProductDeleted =
  (deps: ExchangeDeps) =>
  async ({ data }: EventEnvelope<'product.deleted'>): Promise<void> => {
    await deps.listings.applyDeleted(data.productId, data.userId, data.version);
    await markUnavailable(deps, [data.productId]);
    await listingsGone(deps.circles, [data.productId]);
    deps.circles.rematch();
  };
