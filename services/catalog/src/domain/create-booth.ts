import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import type { BoothConflict, BoothRepository } from './booth-repository';
import {
  boothSnapshot,
  nameProblem,
  normalizeInterests,
  usernameProblem,
  type Availability,
  type Booth,
} from './booth';
import type { AddressBook } from './ports';
import type { Actor } from './product-fields';

export interface BoothDeps {
  booths: BoothRepository;
  addresses: AddressBook;
  newId(): string;
  now(): Date;
}

export interface CreateBoothInput {
  name: string;
  description?: string;
  interests?: string[];
  username: string;
  addressId?: string;
}

const conflictMessages: Record<BoothConflict, string> = {
  'user-taken': 'You already have a booth',
  'username-taken': 'This username is taken',
  'name-taken': 'This booth name is taken',
};

export const boothConflict = (c: BoothConflict) => AppError.conflict(conflictMessages[c]);

/** Opens the caller's booth (one per member); username and name are unique regardless of case. */
export async function createBooth(
  deps: BoothDeps,
  actor: Actor,
  input: CreateBoothInput,
): Promise<Booth> {
  const usernameIssue = usernameProblem(input.username);
  if (usernameIssue) throw AppError.invalid(`username: ${usernameIssue}`, 'username');
  const nameIssue = nameProblem(input.name);
  if (nameIssue) throw AppError.invalid(`name: ${nameIssue}`, 'name');
  if (input.addressId) {
    const found = await deps.addresses.find(input.addressId, actor.authorization);
    if (!found) throw AppError.invalid('address_id: not one of your addresses', 'address_id');
  }
  const now = deps.now();
  const booth: Booth = {
    id: deps.newId(),
    userId: actor.userId,
    username: input.username,
    name: input.name.trim(),
    description: (input.description ?? '').trim(),
    interests: normalizeInterests(input.interests ?? []),
    ...(input.addressId ? { addressId: input.addressId } : {}),
    status: 'active',
    views: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await deps.booths.insert(booth, [
    domainEvent('booth.created', booth.id, boothSnapshot(booth)),
  ]);
  if (outcome !== 'inserted') throw boothConflict(outcome);
  return booth;
}

/** Whether a username could be used for a new booth right now. */
export async function usernameAvailability(
  booths: BoothRepository,
  value: string,
): Promise<Availability> {
  const problem = usernameProblem(value);
  if (problem) return { available: false, reason: problem };
  if (await booths.usernameTaken(value))
    return { available: false, reason: 'This username is taken' };
  return { available: true };
}

export async function nameAvailability(
  booths: BoothRepository,
  value: string,
): Promise<Availability> {
  const problem = nameProblem(value);
  if (problem) return { available: false, reason: problem };
  if (await booths.nameTaken(value.trim())) {
    return { available: false, reason: 'This booth name is taken' };
  }
  return { available: true };
}
