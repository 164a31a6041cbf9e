import { Schema, type Connection, type Model } from 'mongoose';

interface ProcessedEvent {
  _id: string;
  at: Date;
}

/** Remembers which events a handler has already applied (keyed by handler group and event id). */
export class ProcessedEventStore {
  private readonly model: Model<ProcessedEvent>;

  constructor(conn: Connection) {
    this.model =
      (conn.models.ProcessedEvent as Model<ProcessedEvent> | undefined) ??
      conn.model<ProcessedEvent>(
        'ProcessedEvent',
        new Schema<ProcessedEvent>(
          { _id: { type: String }, at: { type: Date, required: true } },
          { versionKey: false },
        ),
        'processed_events',
      );
  }

  async has(key: string): Promise<boolean> {
    return (await this.model.exists({ _id: key }).exec()) !== null;
  }

  /**
   * Records the event as applied: a plain insert keyed by `_id` (the only index this collection
   * needs); already recorded is fine.
   */
  async mark(key: string): Promise<void> {
    try {
      await this.model.collection.insertOne({ _id: key as never, at: new Date() });
    } catch (err) {
      if ((err as { code?: unknown }).code !== 11000) throw err;
    }
  }
}
