import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { MatcherLease } from '../../domain/circle-ports';
import { leaseModel, type LeaseDoc } from './lease.model';

/**
 * One lease document with a unique _id. The first claim inserts it (the unique key lets exactly
 * one replica win); later claims renew it (its holder) or take it over once expired (anyone), each
 * an update guarded by the version read, so of two racing claims exactly one matches. No
 * transaction is needed.
 */
export class LeaseRepository implements MatcherLease {
  private readonly model: Model<LeaseDoc>;

  constructor(
    conn: Connection,
    private readonly name: string,
  ) {
    this.model = leaseModel(conn);
  }

  async claim(holder: string, ttlMs: number, now: Date): Promise<boolean> {
    const until = new Date(now.getTime() + ttlMs);
    try {
      await this.model.create({ _id: this.name, holder, until, version: 1 });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const cur = await this.model.findById(this.name).lean<LeaseDoc>().exec();
    if (!cur) return false; // released meanwhile: the next run claims it
    if (cur.holder !== holder && cur.until.getTime() > now.getTime()) return false;
    const res = await this.model
      .updateOne(
        { _id: this.name, version: cur.version },
        { $set: { holder, until, version: cur.version + 1 } },
      )
      .exec();
    return res.matchedCount === 1;
  }

  /** A document of its own (`<name>:request`), so asking never races the holder's renewals. */
  async request(now: Date): Promise<void> {
    await this.model
      .updateOne(
        { _id: `${this.name}:request` },
        { $set: { holder: 'request', until: now, version: 0 } },
        { upsert: true },
      )
      .exec();
  }

  async requestedAt(): Promise<Date | undefined> {
    return (await this.model.findById(`${this.name}:request`).lean<LeaseDoc>().exec())?.until;
  }

  /** Gives the lease up (on stop), so another replica need not wait for it to expire. */
  async release(holder: string): Promise<void> {
    await this.model.deleteOne({ _id: this.name, holder }).exec();
  }
}
