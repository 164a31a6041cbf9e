import { Schema, type Connection, type Model } from 'mongoose';

/** How many events of each type the platform has seen: the dashboard's projection. */
export interface EventCounter {
  _id: string;
  count: number;
  lastEventAt: Date;
}

export function eventCounterModel(conn: Connection): Model<EventCounter> {
  return (
    (conn.models.EventCounter as Model<EventCounter> | undefined) ??
    conn.model<EventCounter>(
      'EventCounter',
      new Schema<EventCounter>(
        { _id: String, count: { type: Number, default: 0 }, lastEventAt: Date },
        { versionKey: false },
      ),
      'event_counters',
    )
  );
}
