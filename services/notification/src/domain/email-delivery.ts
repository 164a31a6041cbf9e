import type { Logger } from '@swapbooth/service-kit';
import type { MailMessage, Mailer } from './ports';

/** The record of e-mails sent per event, as delivery sees it. */
export interface SentEmails {
  /** Claims the sending of an event's e-mail; false when it was sent or is being sent. */
  claim(eventId: string, kind: string, to: string, staleMs: number): Promise<boolean>;
  markSent(eventId: string, messageId: string): Promise<void>;
  /** Gives a claim up after a failed send. */
  release(eventId: string): Promise<void>;
}

/** A claim whose sender has not finished within this time is considered abandoned. */
const STALE_CLAIM_MS = 60_000;

/** Sends the e-mail an event asks for, at most once per event id. */
export class EmailDelivery {
  constructor(
    private readonly mailer: Mailer,
    private readonly sent: SentEmails,
    private readonly logger: Logger,
  ) {}

  /** Returns false when this event's e-mail was already sent (or is being sent). */
  async deliverOnce(eventId: string, kind: string, message: MailMessage): Promise<boolean> {
    if (!(await this.sent.claim(eventId, kind, message.to, STALE_CLAIM_MS))) {
      this.logger.debug({ eventId, kind }, 'e-mail already sent for this event');
      return false;
    }
    let messageId: string;
    try {
      ({ messageId } = await this.mailer.send(message));
    } catch (err) {
      await this.sent.release(eventId);
      throw err;
    }
    await this.sent.markSent(eventId, messageId);
    return true;
  }
}
