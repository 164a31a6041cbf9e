import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../deps';
import { markUnavailable } from '../domain/sweep-proposals';

/** Statuses in which a listing has left the catalog for good: open proposals naming it end. */
const gone = ['removed', 'traded', 'suspended'];

/** Keeps the listings projection current; a listing that left the catalog ends open proposals. */
export const onProductChanged =
  (deps: ExchangeDeps) =>
  async ({
    data,
  }: EventEnvelope<
    'product.created' | 'product.updated' | 'product.status-changed'
  >): Promise<void> => {
    await deps.listings.apply(data);
    if (gone.includes(data.status)) await markUnavailable(deps, [data.productId]);
  };
