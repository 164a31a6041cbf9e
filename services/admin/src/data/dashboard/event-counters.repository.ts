import type { Connection } from 'mongoose';
import { eventCounterModel } from './event-counter.model';

export class EventCountersRepository {
  private readonly model;

  constructor(conn: Connection) {
    this.model = eventCounterModel(conn);
  }

  async increment(type: string, at: Date): Promise<void> {
    await this.model
      .updateOne({ _id: type }, { $inc: { count: 1 }, $max: { lastEventAt: at } }, { upsert: true })
      .exec();
  }

  async all(): Promise<Record<string, number>> {
    const rows = await this.model.find().lean().exec();
    return Object.fromEntries(rows.map((r) => [r._id, r.count]));
  }
}
