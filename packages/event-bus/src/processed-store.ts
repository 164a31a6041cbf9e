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

  async mark(key: string): Promise<void> {
    await this.model
      .updateOne({ _id: key }, { $setOnInsert: { at: new Date() } }, { upsert: true })
      .exec();
  }
}
