import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

/** Places the seller's listings that carry no location of their own. */
export const onUserDefaultAddressChanged =
  (deps: SearchDeps) =>
  async ({ data }: EventEnvelope<'user.default-address-changed'>): Promise<void> => {
    await deps.projector.addressChanged(data.userId, data.version, {
      zipCode: data.zipCode,
      city: data.city,
      state: data.state,
    });
  };
