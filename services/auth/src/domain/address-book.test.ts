import {
  addAddress,
  removeAddress,
  saveDefaultAddress,
  setDefaultAddress,
  updateAddress,
  type AddressFields,
} from './address-book';
import type { Mutation } from './mutate-user';
import type { Address, User } from './user';

const fields: AddressFields = {
  country: 'US',
  state: 'NY',
  city: 'New York',
  zipCode: '10001',
  street1: '1 Main St',
};

function user(addresses: Address[] = [], defaultAddressId?: string): User {
  return {
    id: 'u1',
    email: 'u1@example.test',
    emailVerified: true,
    authMethod: 'email',
    status: 'active',
    profile: {},
    profileVersion: 0,
    addresses,
    ...(defaultAddressId ? { defaultAddressId } : {}),
    addressesVersion: 3,
    rev: 7,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

/** Applies a mutation's changes the way the repository stores them. */
function apply(u: User, m: Mutation<unknown>): User {
  const { addresses, defaultAddressId, addressesVersion } = m.changes;
  return {
    ...u,
    addresses: addresses ?? u.addresses,
    defaultAddressId: defaultAddressId ?? undefined,
    addressesVersion: addressesVersion ?? u.addressesVersion,
  };
}

const address = (id: string, zipCode = '10001', updatedAt = 0): Address => ({
  id,
  ...fields,
  zipCode,
  createdAt: new Date(updatedAt),
  updatedAt: new Date(updatedAt),
});

describe('address book rules', () => {
  it('makes the first address the default and announces it with the next version', () => {
    const m = addAddress(user(), fields, false);
    expect(m.changes.defaultAddressId).toBe(m.result!.id);
    expect(m.events).toEqual([
      expect.objectContaining({
        type: 'user.default-address-changed',
        data: expect.objectContaining({ zipCode: '10001', country: 'US', version: 4 }),
      }),
    ]);
  });

  it('adds a non-default address silently', () => {
    const m = addAddress(user([address('a')], 'a'), { ...fields, zipCode: '90210' }, false);
    expect(m.changes.defaultAddressId).toBe('a');
    expect(m.events).toEqual([]);
    expect(m.changes.addressesVersion).toBe(3);
  });

  it('announces a change of the default address location but not of its street', () => {
    const u = user([address('a')], 'a');
    expect(updateAddress(u, 'a', { street1: '2 Main St' }, false).events).toEqual([]);
    expect(updateAddress(u, 'a', { zipCode: '10002' }, false).events).toHaveLength(1);
  });

  it('refuses to un-default the default', () => {
    expect(() => setDefaultAddress(user([address('a')], 'a'), 'a', false)).toThrow(/must stay/);
  });

  it('promotes the most recently updated address when the default is removed', () => {
    const u = user(
      [address('a', '10001', 1), address('b', '90210', 3), address('c', '60601', 2)],
      'a',
    );
    const after = apply(u, removeAddress(u, 'a'));
    expect(after.defaultAddressId).toBe('b');
    expect(after.addresses.map((x) => x.id)).toEqual(['b', 'c']);
  });

  it('leaves no default when the last address goes, without an event', () => {
    const m = removeAddress(user([address('a')], 'a'), 'a');
    expect(m.changes.defaultAddressId).toBeNull();
    expect(m.events).toEqual([]);
  });

  it('treats a default id that points nowhere as the first address', () => {
    const u = user([address('a'), address('b')], 'gone');
    const m = addAddress(u, fields, false);
    expect(m.changes.defaultAddressId).toBe('a');
  });

  it('creates the default address from the profile form with US as the country', () => {
    const m = saveDefaultAddress(user(), {
      street1: '1 Main',
      city: 'NYC',
      state: 'NY',
      zipCode: '10001',
    });
    expect(m.result).toMatchObject({ country: 'US', street1: '1 Main' });
  });

  it('names the missing field when the profile form has half an address', () => {
    expect(() => saveDefaultAddress(user(), { street1: '1 Main' })).toThrow('city: is required');
  });

  it('clears optional fields sent empty', () => {
    const u = user([{ ...address('a'), street2: 'Apt 1' }], 'a');
    expect(updateAddress(u, 'a', { street2: '' }, false).result).not.toHaveProperty('street2');
  });
});
