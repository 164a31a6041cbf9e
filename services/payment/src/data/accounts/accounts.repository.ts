import type { Connection, Model } from 'mongoose';
import {
  isDuplicateKey,
  pushEvents,
  toOutbox,
  withOutbox,
  type DomainEvent,
  type EventsWritten,
} from '@swapbooth/event-bus';
import type { Account } from '../../domain/account';
import type { AccountRepository } from '../../domain/ports';
import { accountModel, type AccountDoc } from './account.model';

const NO_OUTBOX = { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 };

function toAccount(doc: AccountDoc): Account {
  return {
    userId: doc._id,
    ...(doc.customerId ? { customerId: doc.customerId } : {}),
    ...(doc.email ? { email: doc.email } : {}),
    subscriptions: doc.subscriptions ?? {},
    kycVerified: doc.kycVerified === true,
    ...(doc.verificationStatus ? { verificationStatus: doc.verificationStatus } : {}),
    ...(doc.verificationSessionId ? { verificationSessionId: doc.verificationSessionId } : {}),
    version: doc.version,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toDoc(a: Account): Omit<AccountDoc, '_id'> {
  const { userId: _u, ...rest } = a;
  return rest;
}

/** The only code that touches the accounts collection. */
export class AccountsRepository implements AccountRepository {
  private readonly model: Model<AccountDoc>;

  constructor(
    conn: Connection,
    private readonly published: EventsWritten,
  ) {
    this.model = accountModel(conn);
  }

  async find(userId: string): Promise<Account | undefined> {
    const doc = await this.model.findOne({ _id: userId }, NO_OUTBOX).lean<AccountDoc>().exec();
    return doc ? toAccount(doc) : undefined;
  }

  async insert(account: Account, events: DomainEvent[]): Promise<'inserted' | 'exists'> {
    try {
      await this.model.create({
        _id: account.userId,
        ...toDoc(account),
        ...withOutbox(toOutbox(events, 'payment')),
      });
    } catch (err) {
      if (isDuplicateKey(err)) return 'exists';
      throw err;
    }
    if (events.length) this.published();
    return 'inserted';
  }

  async replace(
    account: Account,
    expectedVersion: number,
    events: DomainEvent[],
  ): Promise<'replaced' | 'stale'> {
    const update = pushEvents({ $set: toDoc(account) }, toOutbox(events, 'payment'));
    const res = await this.model
      .updateOne({ _id: account.userId, version: expectedVersion }, update)
      .exec();
    if (res.matchedCount === 0) return 'stale';
    if (events.length) this.published();
    return 'replaced';
  }
}
