import type { Connection, Model } from 'mongoose';
import type { Calendar } from '../../domain/proposal-ports';
import {
  calendarBucketModel,
  calendarCursorModel,
  type CalendarBucketDoc,
  type CalendarCursorDoc,
} from './calendar.model';

/**
 * Ids filed under fixed-size time buckets, each bucket one document keyed by its number, and a
 * cursor: a sweep reads the buckets that passed since its last run by _id, never a scan.
 */
export class CalendarRepository implements Calendar {
  private readonly buckets: Model<CalendarBucketDoc>;
  private readonly cursors: Model<CalendarCursorDoc>;

  constructor(
    conn: Connection,
    private readonly name: string,
    private readonly bucketMs: number,
  ) {
    this.buckets = calendarBucketModel(conn, name);
    this.cursors = calendarCursorModel(conn);
  }

  bucketOf(at: Date): number {
    return Math.floor(at.getTime() / this.bucketMs);
  }

  async schedule(id: string, at: Date): Promise<void> {
    await this.buckets
      .updateOne({ _id: String(this.bucketOf(at)) }, { $addToSet: { ids: id } }, { upsert: true })
      .exec();
  }

  async cursor(): Promise<number | undefined> {
    return (await this.cursors.findById(this.name).lean<CalendarCursorDoc>().exec())?.bucket;
  }

  async setCursor(bucket: number): Promise<void> {
    await this.cursors.updateOne({ _id: this.name }, { $set: { bucket } }, { upsert: true }).exec();
  }

  async idsIn(bucket: number): Promise<string[]> {
    return (
      (await this.buckets.findById(String(bucket)).lean<CalendarBucketDoc>().exec())?.ids ?? []
    );
  }

  async drop(bucket: number): Promise<void> {
    await this.buckets.deleteOne({ _id: String(bucket) }).exec();
  }
}
