import type { Connection, Model } from 'mongoose';
import type { SentEmails } from '../../domain/email-delivery';
import { sentEmailModel, type SentEmailDoc } from './sent-email.model';

/** The only code that touches the sent_emails collection. */
export class SentEmailsRepository implements SentEmails {
  private readonly model: Model<SentEmailDoc>;

  constructor(conn: Connection) {
    this.model = sentEmailModel(conn);
  }

  /**
   * Claims the right to send the e-mail of an event. False when it was sent already, or another
   * worker is sending it now; a claim older than `staleMs` (its worker died) can be taken over.
   */
  async claim(eventId: string, kind: string, to: string, staleMs: number): Promise<boolean> {
    const now = new Date();
    const inserted = await this.model
      .updateOne(
        { _id: eventId },
        { $setOnInsert: { kind, to, status: 'sending', claimedAt: now } },
        { upsert: true },
      )
      .exec();
    if (inserted.upsertedCount === 1) return true;
    const takenOver = await this.model
      .updateOne(
        { _id: eventId, status: 'sending', claimedAt: { $lt: new Date(now.getTime() - staleMs) } },
        { $set: { claimedAt: now } },
      )
      .exec();
    return takenOver.modifiedCount === 1;
  }

  async markSent(eventId: string, messageId: string): Promise<void> {
    await this.model
      .updateOne({ _id: eventId }, { $set: { status: 'sent', sentAt: new Date(), messageId } })
      .exec();
  }

  /** Gives a claim up after a failed send, so a retry can claim it again. */
  async release(eventId: string): Promise<void> {
    await this.model.deleteOne({ _id: eventId, status: 'sending' }).exec();
  }

  async countFor(eventId: string): Promise<number> {
    return this.model.countDocuments({ _id: eventId, status: 'sent' }).exec();
  }
}
