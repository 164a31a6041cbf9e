import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT, domainEvent } from '@swapbooth/event-bus';
import type { Sessions } from './sessions';
import type { UserRepository } from './user-repository';
import type { UserStatus } from './user';

/** Suspending and reinstating members (an admin command). */
export class AccountStatus {
  constructor(
    private readonly users: Pick<UserRepository, 'findById' | 'update'>,
    private readonly sessions: Pick<Sessions, 'endAll'>,
  ) {}

  /** Sets the status; anything but active also ends every session the member has. */
  async set(userId: string, status: UserStatus, reason?: string): Promise<UserStatus> {
    await compareAndSet(
      async () => {
        const user = await this.users.findById(userId);
        if (!user) throw AppError.notFound('User not found');
        const previousStatus = user.status;
        if (previousStatus === status) return status;
        const changed = await this.users.update(
          userId,
          { status },
          [
            domainEvent('user.status-changed', userId, {
              userId,
              status,
              previousStatus,
              ...(reason ? { reason } : {}),
            }),
          ],
          { status: previousStatus },
        );
        return changed ? status : CONFLICT;
      },
      {
        exhausted: () => AppError.unavailable('The account changed meanwhile; please try again'),
      },
    );
    if (status !== 'active') await this.sessions.endAll(userId);
    return status;
  }
}
