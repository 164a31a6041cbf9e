import type { DomainEvent } from '@swapbooth/event-bus';
import type { Address, User, UserStatus } from './user';

export type NewUser = Pick<
  User,
  'id' | 'email' | 'emailVerified' | 'passwordHash' | 'googleId' | 'authMethod' | 'profile'
>;

/** Fields a conditional update may set. */
export interface UserChanges {
  emailVerified?: boolean;
  passwordHash?: string;
  googleId?: string;
  status?: UserStatus;
  otpRequestedAt?: Date;
  passwordResetRequestedAt?: Date;
  signInLinkRequestedAt?: Date;
  passwordChangedAt?: Date;
}

/** What a conditional update checks before it writes. */
export type UserCondition = Partial<Pick<User, 'emailVerified' | 'status' | 'passwordHash'>>;

/** Fields a read-modify-write (compare-and-set on rev) may replace. */
export interface RevChanges {
  profile?: User['profile'];
  profileVersion?: number;
  addresses?: Address[];
  defaultAddressId?: string | null;
  addressesVersion?: number;
}

/**
 * Accounts storage as the use cases see it; every write stores its events in the same document
 * update. Use cases ask for the few methods they call (`Pick<UserRepository, …>`).
 */
export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  findByGoogleId(googleId: string): Promise<User | null>;
  findManyByIds(ids: string[]): Promise<User[]>;
  /** 'duplicate' when the e-mail is taken. */
  create(user: NewUser, events: DomainEvent[]): Promise<'created' | 'duplicate'>;
  /** Sets fields when the user also matches `where`; false when nothing matched. */
  update(
    id: string,
    changes: UserChanges,
    events?: DomainEvent[],
    where?: UserCondition,
    unset?: Array<'passwordHash'>,
  ): Promise<boolean>;
  /** Applies the changes only if nobody changed the user since revision `rev` was read. */
  updateAtRev(
    id: string,
    rev: number,
    changes: RevChanges,
    events: DomainEvent[],
  ): Promise<boolean>;
}
