import { AppError } from '@swapbooth/service-kit';
import { saveDefaultAddress, type AddressPatch } from './address-book';
import { domainEvent } from '@swapbooth/event-bus';
import { mutateUser, type Mutation } from './mutate-user';
import type { PaymentDirectory } from './ports';
import { publicProfile, type Profile, type PublicProfile, type User } from './user';
import type { UserRepository } from './user-repository';

/** The profile form: personal fields, plus the default address when address fields are given. */
export interface ProfileChanges {
  profile: Partial<Omit<Profile, 'username'>>;
  address?: AddressPatch;
  /** The form repeats the account's address; changing it is not done here. */
  email?: string;
}

export interface ProfileView {
  user: User;
  stripeData: Record<string, unknown>;
}

/** Merges changes into a profile; '' clears a field. */
function mergeProfile(base: Profile, changes: Partial<Profile>): Profile {
  const next: Profile = { ...base };
  for (const [k, v] of Object.entries(changes) as Array<[keyof Profile, string | undefined]>) {
    if (v === undefined) continue;
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

const sameProfile = (a: Profile, b: Profile) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Applies profile changes to a user: one compare-and-set write with both events. */
function profileMutation(user: User, changes: Partial<Profile>): Mutation<undefined> {
  const profile = mergeProfile(user.profile, changes);
  if (sameProfile(profile, user.profile)) return { changes: {}, events: [], result: undefined };
  const profileVersion = user.profileVersion + 1;
  return {
    changes: { profile, profileVersion },
    events: [
      domainEvent('user.profile-updated', user.id, {
        userId: user.id,
        ...(profile.firstName ? { firstName: profile.firstName } : {}),
        ...(profile.lastName ? { lastName: profile.lastName } : {}),
        ...(profile.username ? { username: profile.username } : {}),
        ...(profile.profileImage ? { profileImage: profile.profileImage } : {}),
        version: profileVersion,
      }),
    ],
    result: undefined,
  };
}

/** Members' profiles. */
export class Profiles {
  constructor(
    private readonly users: Pick<UserRepository, 'findById' | 'findByEmail' | 'updateAtRev'>,
    private readonly payments: PaymentDirectory,
  ) {}

  async account(userId: string): Promise<User | null> {
    const user = await this.users.findById(userId);
    return user && user.status !== 'deleted' ? user : null;
  }

  async view(userId: string, authorization: string | undefined): Promise<ProfileView> {
    const [user, stripeData] = await Promise.all([
      this.users.findById(userId),
      this.payments.stripeData(userId, authorization),
    ]);
    if (!user) throw AppError.notFound('Account not found');
    return { user, stripeData };
  }

  /** Saves the profile form (and its default address) in one write. */
  async save(userId: string, changes: ProfileChanges): Promise<User> {
    await mutateUser(this.users, userId, (user) => {
      if (changes.email && changes.email !== user.email) {
        throw AppError.invalid('email: the account e-mail cannot be changed here', 'email');
      }
      const p = profileMutation(user, changes.profile);
      if (!changes.address) return p;
      const withProfile = { ...user, profile: p.changes.profile ?? user.profile };
      const a = saveDefaultAddress(withProfile, changes.address);
      return {
        changes: { ...p.changes, ...a.changes },
        events: [...p.events, ...a.events],
        result: undefined,
      };
    });
    return (await this.users.findById(userId))!;
  }

  /** Keeps the member's username in step with their store's (which catalog owns). */
  async setUsername(userId: string, username: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || user.profile.username === username) return;
    await mutateUser(this.users, userId, (u) => profileMutation(u, { username }));
  }

  /** Whether an account exists for an address, and its public profile. */
  async lookupByEmail(email: string): Promise<PublicProfile | null> {
    const user = await this.users.findByEmail(email);
    return user && user.status === 'active' ? publicProfile(user) : null;
  }
}
