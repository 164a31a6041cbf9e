import type { Connection, Model, UpdateQuery } from 'mongoose';
import {
  isDuplicateKey,
  pushEvents,
  toOutbox,
  withOutbox,
  type DomainEvent,
  type EventsWritten,
} from '@swapbooth/event-bus';
import type { Address, User } from '../../domain/user';
import type {
  NewUser,
  RevChanges,
  UserChanges,
  UserCondition,
  UserRepository,
} from '../../domain/user-repository';
import { userModel, type AddressDoc, type UserDoc } from './user.model';

const toAddress = (a: AddressDoc): Address => ({
  id: a._id,
  country: a.country,
  state: a.state,
  city: a.city,
  zipCode: a.zipCode,
  street1: a.street1,
  ...(a.street2 ? { street2: a.street2 } : {}),
  ...(a.fullName ? { fullName: a.fullName } : {}),
  ...(a.phone ? { phone: a.phone } : {}),
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});

const toAddressDoc = ({ id, ...rest }: Address): AddressDoc => ({ _id: id, ...rest });

function toUser(d: UserDoc): User {
  return {
    id: d._id,
    email: d.email,
    emailVerified: d.emailVerified,
    ...(d.passwordHash ? { passwordHash: d.passwordHash } : {}),
    ...(d.googleId ? { googleId: d.googleId } : {}),
    authMethod: d.authMethod,
    status: d.status,
    profile: d.profile ?? {},
    profileVersion: d.profileVersion ?? 0,
    addresses: (d.addresses ?? []).map(toAddress),
    ...(d.defaultAddressId ? { defaultAddressId: d.defaultAddressId } : {}),
    addressesVersion: d.addressesVersion ?? 0,
    rev: d.rev ?? 0,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** The only code that touches the users collection. Every write stores its events in the same update. */
export class UsersRepository implements UserRepository {
  private readonly model: Model<UserDoc>;

  constructor(
    conn: Connection,
    private readonly eventsWritten: EventsWritten,
  ) {
    this.model = userModel(conn);
  }

  async findById(id: string): Promise<User | null> {
    const d = await this.model.findById(id).lean<UserDoc>().exec();
    return d ? toUser(d) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const d = await this.model.findOne({ email }).lean<UserDoc>().exec();
    return d ? toUser(d) : null;
  }

  async findByGoogleId(googleId: string): Promise<User | null> {
    const d = await this.model.findOne({ googleId }).lean<UserDoc>().exec();
    return d ? toUser(d) : null;
  }

  async findManyByIds(ids: string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    const docs = await this.model
      .find({ _id: { $in: ids } })
      .lean<UserDoc[]>()
      .exec();
    return docs.map(toUser);
  }

  /** Inserts a new account with its events; 'duplicate' when the e-mail is taken. */
  async create(user: NewUser, events: DomainEvent[]): Promise<'created' | 'duplicate'> {
    const { id, ...rest } = user;
    try {
      await this.model.create({ _id: id, ...rest, ...withOutbox(toOutbox(events, 'auth')) });
    } catch (err) {
      if (isDuplicateKey(err)) return 'duplicate';
      throw err;
    }
    this.written(events);
    return 'created';
  }

  /**
   * Sets fields (and stores events) when the user matches `where` too; one atomic document update.
   * Returns false when nothing matched.
   */
  async update(
    id: string,
    changes: UserChanges,
    events: DomainEvent[] = [],
    where: UserCondition = {},
    unset: Array<'passwordHash'> = [],
  ): Promise<boolean> {
    const update: UpdateQuery<UserDoc> = { $set: { ...changes } };
    if (unset.length) update.$unset = Object.fromEntries(unset.map((f) => [f, 1]));
    const res = await this.model
      .updateOne(
        { _id: id, ...where },
        pushEvents(update as Record<string, unknown>, toOutbox(events, 'auth')),
      )
      .exec();
    if (res.matchedCount === 0) return false;
    this.written(events);
    return true;
  }

  /** Compare-and-set on `rev`: applies the changes only if nobody changed the user since it was read. */
  async updateAtRev(
    id: string,
    rev: number,
    changes: RevChanges,
    events: DomainEvent[],
  ): Promise<boolean> {
    const { addresses, ...rest } = changes;
    const set: Record<string, unknown> = { ...rest, rev: rev + 1 };
    if (addresses) set.addresses = addresses.map(toAddressDoc);
    const res = await this.model
      .updateOne({ _id: id, rev }, pushEvents({ $set: set }, toOutbox(events, 'auth')))
      .exec();
    if (res.matchedCount === 0) return false;
    this.written(events);
    return true;
  }

  private written(events: DomainEvent[]): void {
    if (events.length > 0) this.eventsWritten();
  }
}
