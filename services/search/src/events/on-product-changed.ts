import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

type ProductEvent = EventEnvelope<'product.created' | 'product.updated' | 'product.status-changed'>;

/** A listing was created, edited or changed status: project it and index or drop it. */
export const onProductChanged =
  (deps: SearchDeps) =>
  async ({ data }: ProductEvent): Promise<void> => {
    await deps.projector.productChanged(data);
  };

/** A listing was deleted: it leaves search, and older events can no longer bring it back. */
export const onProductDeleted =
  (deps: SearchDeps) =>
  async ({ data }: EventEnvelope<'product.deleted'>): Promise<void> => {
    await deps.projector.productDeleted(data.productId, data.userId, data.version);
  };
