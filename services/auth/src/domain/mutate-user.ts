import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT, type DomainEvent } from '@swapbooth/event-bus';
import type { User } from './user';
import type { RevChanges, UserRepository } from './user-repository';

export interface Mutation<T> {
  changes: RevChanges;
  events: DomainEvent[];
  result: T;
}

/**
 * Read-modify-write of one user without transactions: `change` computes the new state from the
 * current one, and the write only lands if nobody wrote in between (compare-and-set on `rev`);
 * otherwise it is recomputed from the fresh state. Rules checked in `change` therefore always hold.
 */
export async function mutateUser<T>(
  users: Pick<UserRepository, 'findById' | 'updateAtRev'>,
  userId: string,
  change: (user: User) => Mutation<T>,
): Promise<T> {
  return compareAndSet(
    async () => {
      const user = await users.findById(userId);
      if (!user || user.status === 'deleted') throw AppError.notFound('Account not found');
      const m = change(user);
      return (await users.updateAtRev(user.id, user.rev, m.changes, m.events))
        ? m.result
        : CONFLICT;
    },
    {
      attempts: 60,
      exhausted: () =>
        AppError.unavailable('Too many simultaneous changes to this account; please try again'),
    },
  );
}
