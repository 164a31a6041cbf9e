import type { Connection, Model } from 'mongoose';
import type { ExpiryCalendar } from '../../domain/proposal-ports';
import { expiryBucketOf } from '../../domain/sweep-proposals';
import {
  expiryBucketModel,
  expiryCursorModel,
  type ExpiryBucketDoc,
  type ExpiryCursorDoc,
} from './expiry.model';

const CURSOR = 'proposals';

/** The only code that touches the expiry calendar; every read and write names an _id. */
export class ExpiryCalendarRepository implements ExpiryCalendar {
  private readonly buckets: Model<ExpiryBucketDoc>;
  private readonly cursors: Model<ExpiryCursorDoc>;

  constructor(conn: Connection) {
    this.buckets = expiryBucketModel(conn);
    this.cursors = expiryCursorModel(conn);
  }

  async schedule(proposalId: string, expiresAt: Date): Promise<void> {
    await this.buckets
      .updateOne(
        { _id: String(expiryBucketOf(expiresAt)) },
        { $addToSet: { ids: proposalId } },
        { upsert: true },
      )
      .exec();
  }

  async cursor(): Promise<number | undefined> {
    return (await this.cursors.findById(CURSOR).lean<ExpiryCursorDoc>().exec())?.bucket;
  }

  async setCursor(bucket: number): Promise<void> {
    await this.cursors.updateOne({ _id: CURSOR }, { $set: { bucket } }, { upsert: true }).exec();
  }

  async idsIn(bucket: number): Promise<string[]> {
    return (await this.buckets.findById(String(bucket)).lean<ExpiryBucketDoc>().exec())?.ids ?? [];
  }

  async drop(bucket: number): Promise<void> {
    await this.buckets.deleteOne({ _id: String(bucket) }).exec();
  }
}
