import type { Logger } from '@swapbooth/service-kit';
import type { SentEmailsRepository } from '../data/sent-emails/sent-emails.repository';
import type { MailMessage, Mailer } from '../mail/mailer';

/** A claim whose sender has not finished within this time is considered abandoned. */
const STALE_CLAIM_MS = 60_000;

/** Sends the e-mail an event asks for, at most once per event id. */
export class EmailDelivery {
  constructor(
    private readonly mailer: Mailer,
    private readonly sent: SentEmailsRepository,
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
