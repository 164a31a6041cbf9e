import type { EventEnvelope } from '@swapbooth/contracts';
import type { CatalogDeps } from '../deps';

/** Remembers a member's default address: where their listings go when they name no address. */
export const onUserDefaultAddressChanged =
  (deps: CatalogDeps) =>
  async ({ data }: EventEnvelope<'user.default-address-changed'>): Promise<void> => {
    await deps.members.applyDefaultAddress(data.userId, data.version, {
      addressId: data.addressId,
      zipCode: data.zipCode,
      city: data.city,
      state: data.state,
      country: data.country,
    });
  };
