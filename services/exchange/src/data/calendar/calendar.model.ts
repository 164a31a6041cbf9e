import { Schema, type Connection, type Model } from 'mongoose';

/** `<name>_buckets`: the ids scheduled in one time bucket (`_id` is the bucket's number). */
export interface CalendarBucketDoc {
  _id: string;
  ids: string[];
}

/** `calendar_cursors`: per calendar, the first bucket not yet swept for good. */
export interface CalendarCursorDoc {
  _id: string;
  bucket: number;
}

const bucketSchema = new Schema<CalendarBucketDoc>(
  { _id: String, ids: { type: [String], default: [] } },
  { versionKey: false },
);
const cursorSchema = new Schema<CalendarCursorDoc>(
  { _id: String, bucket: { type: Number, required: true } },
  { versionKey: false },
);

export function calendarBucketModel(conn: Connection, name: string): Model<CalendarBucketDoc> {
  const modelName = `CalendarBucket_${name}`;
  return (
    (conn.models[modelName] as Model<CalendarBucketDoc> | undefined) ??
    conn.model<CalendarBucketDoc>(modelName, bucketSchema, `${name}_buckets`)
  );
}

export function calendarCursorModel(conn: Connection): Model<CalendarCursorDoc> {
  return (
    (conn.models.CalendarCursor as Model<CalendarCursorDoc> | undefined) ??
    conn.model<CalendarCursorDoc>('CalendarCursor', cursorSchema, 'calendar_cursors')
  );
}
