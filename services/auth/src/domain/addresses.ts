import { AppError } from '@swapbooth/service-kit';
import {
  addAddress,
  defaultOf,
  removeAddress,
  setDefaultAddress,
  updateAddress,
  type AddressFields,
  type AddressPatch,
} from './address-book';
import { mutateUser } from './mutate-user';
import type { Address } from './user';
import type { UserRepository } from './user-repository';

export interface OwnedAddress extends Address {
  userId: string;
  isDefault: boolean;
}

/** A member's address book. Every call acts on the caller's own addresses only. */
export class Addresses {
  constructor(private readonly users: Pick<UserRepository, 'findById' | 'updateAtRev'>) {}

  async list(userId: string): Promise<OwnedAddress[]> {
    const user = await this.users.findById(userId);
    if (!user) return [];
    const def = defaultOf(user)?.id;
    return user.addresses.map((a) => ({ ...a, userId, isDefault: a.id === def }));
  }

  /** Another member's address id is simply not found. */
  async get(userId: string, id: string): Promise<OwnedAddress> {
    const found = (await this.list(userId)).find((a) => a.id === id);
    if (!found) throw AppError.notFound('Address not found');
    return found;
  }

  async getDefault(userId: string): Promise<OwnedAddress | null> {
    return (await this.list(userId)).find((a) => a.isDefault) ?? null;
  }

  async add(userId: string, fields: AddressFields, makeDefault: boolean): Promise<OwnedAddress> {
    const added = await mutateUser(this.users, userId, (u) => addAddress(u, fields, makeDefault));
    return this.get(userId, added!.id);
  }

  async update(
    userId: string,
    id: string,
    patch: AddressPatch,
    makeDefault: boolean,
  ): Promise<OwnedAddress> {
    await mutateUser(this.users, userId, (u) => updateAddress(u, id, patch, makeDefault));
    return this.get(userId, id);
  }

  async setDefault(userId: string, id: string, isDefault: boolean): Promise<OwnedAddress> {
    await mutateUser(this.users, userId, (u) => setDefaultAddress(u, id, isDefault));
    return this.get(userId, id);
  }

  /** Returns the id of the default address after the deletion (null when none is left). */
  async remove(userId: string, id: string): Promise<string | null> {
    await mutateUser(this.users, userId, (u) => removeAddress(u, id));
    return (await this.getDefault(userId))?.id ?? null;
  }
}
