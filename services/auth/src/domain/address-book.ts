import { randomUUID } from 'node:crypto';
import { AppError } from '@swapbooth/service-kit';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import type { Mutation } from './mutate-user';
import type { Address, User } from './user';

export const MAX_ADDRESSES = 20;

export type AddressFields = Pick<
  Address,
  'country' | 'state' | 'city' | 'zipCode' | 'street1' | 'street2' | 'fullName' | 'phone'
>;
export type AddressPatch = Partial<AddressFields>;

/**
 * The address book's rules, as pure state transitions: a member with addresses has exactly one
 * default (the id kept on the user), deleting the default promotes another, and every change of the
 * default or of its location raises user.default-address-changed.
 */
export const defaultOf = (u: Pick<User, 'addresses' | 'defaultAddressId'>): Address | undefined =>
  u.addresses.find((a) => a.id === u.defaultAddressId) ?? u.addresses[0];

const notFound = () => AppError.notFound('Address not found');

/** Drops empty optional fields so that '' clears them. */
function merge(base: Address, patch: AddressPatch, now: Date): Address {
  const next: Address = { ...base, ...definedOnly(patch), updatedAt: now };
  for (const k of ['street2', 'fullName', 'phone'] as const) if (!next[k]) delete next[k];
  return next;
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

function settle(
  user: User,
  addresses: Address[],
  defaultAddressId: string | undefined,
  result: Address | undefined,
): Mutation<Address | undefined> {
  const before = defaultOf(user);
  const after = addresses.find((a) => a.id === defaultAddressId) ?? addresses[0];
  const events: DomainEvent[] = [];
  let addressesVersion = user.addressesVersion;
  const moved =
    after &&
    (after.id !== before?.id ||
      after.zipCode !== before.zipCode ||
      after.city !== before.city ||
      after.state !== before.state ||
      after.country !== before.country);
  if (after && moved) {
    addressesVersion += 1;
    events.push(
      domainEvent('user.default-address-changed', user.id, {
        userId: user.id,
        addressId: after.id,
        zipCode: after.zipCode,
        city: after.city,
        state: after.state,
        country: after.country,
        version: addressesVersion,
      }),
    );
  }
  return {
    changes: { addresses, defaultAddressId: after?.id ?? null, addressesVersion },
    events,
    result,
  };
}

export function addAddress(user: User, fields: AddressFields, makeDefault: boolean) {
  if (user.addresses.length >= MAX_ADDRESSES) {
    throw AppError.conflict(`You can keep at most ${MAX_ADDRESSES} addresses`);
  }
  const now = new Date();
  const address = merge({ id: randomUUID(), ...fields, createdAt: now, updatedAt: now }, {}, now);
  const current = defaultOf(user);
  const defaultId = makeDefault || !current ? address.id : current.id;
  return settle(user, [...user.addresses, address], defaultId, address);
}

export function updateAddress(user: User, id: string, patch: AddressPatch, makeDefault: boolean) {
  const existing = user.addresses.find((a) => a.id === id);
  if (!existing) throw notFound();
  const updated = merge(existing, patch, new Date());
  const addresses = user.addresses.map((a) => (a.id === id ? updated : a));
  return settle(user, addresses, makeDefault ? id : defaultOf(user)?.id, updated);
}

/** Makes an address the default; un-defaulting the default is refused (one must remain). */
export function setDefaultAddress(user: User, id: string, isDefault: boolean) {
  const existing = user.addresses.find((a) => a.id === id);
  if (!existing) throw notFound();
  const current = defaultOf(user);
  if (!isDefault && current?.id === id) {
    throw AppError.conflict(
      'One address must stay the default: make another address the default instead',
    );
  }
  return settle(user, user.addresses, isDefault ? id : current?.id, existing);
}

/** Deletes an address; if it was the default, the most recently updated other one takes over. */
export function removeAddress(user: User, id: string) {
  if (!user.addresses.some((a) => a.id === id)) throw notFound();
  const addresses = user.addresses.filter((a) => a.id !== id);
  const current = defaultOf(user);
  const successor =
    current?.id === id
      ? [...addresses].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0]?.id
      : current?.id;
  return settle(user, addresses, successor, undefined);
}

/** The profile form's address: updates the default address, or creates it when there is none. */
export function saveDefaultAddress(user: User, fields: AddressPatch) {
  const current = defaultOf(user);
  if (current) return updateAddress(user, current.id, fields, true);
  const missing = (['street1', 'city', 'state', 'zipCode'] as const).find((k) => !fields[k]);
  if (missing) throw AppError.invalid(`${missing}: is required to save an address`, missing);
  return addAddress(user, { ...fields, country: fields.country ?? 'US' } as AddressFields, true);
}
