import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { WebhookLedger } from '../../domain/ports';

interface WebhookEventDoc {
  _id: string;
  type: string;
  at: Date;
}

const webhookEventSchema = new Schema<WebhookEventDoc>(
  { _id: String, type: String, at: Date },
  { versionKey: false },
);

export function webhookEventModel(conn: Connection): Model<WebhookEventDoc> {
  return (
    (conn.models.WebhookEvent as Model<WebhookEventDoc> | undefined) ??
    conn.model<WebhookEventDoc>('WebhookEvent', webhookEventSchema, 'webhook_events')
  );
}

/** Webhook event ids claimed with a unique insert: the first delivery wins, repeats are skipped. */
export class WebhookLedgerRepository implements WebhookLedger {
  private readonly model: Model<WebhookEventDoc>;

  constructor(conn: Connection) {
    this.model = webhookEventModel(conn);
  }

  async claim(eventId: string, type: string): Promise<boolean> {
    try {
      await this.model.create({ _id: eventId, type, at: new Date() });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async release(eventId: string): Promise<void> {
    await this.model.deleteOne({ _id: eventId }).exec();
  }
}
