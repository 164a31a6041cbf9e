import mongoose, { type Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { createLogger } from '@swapbooth/service-kit';
import { SentEmailsRepository } from '../src/data/sent-emails/sent-emails.repository';
import { EmailDelivery } from '../src/domain/email-delivery';
import type { MailMessage, Mailer } from '../src/domain/ports';

jest.setTimeout(30_000);

let conn: Connection;
beforeAll(async () => {
  conn = await mongoose
    .createConnection(`${process.env.MONGO_URL}`, {
      dbName: `${process.env.MONGO_DB_PREFIX}notification_delivery`,
    })
    .asPromise();
});
afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

function flakyMailer(failures: number): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  let left = failures;
  return {
    sent,
    async send(m) {
      if (left-- > 0) throw new Error('SMTP 421 try again later');
      sent.push(m);
      return { messageId: `<${randomUUID()}@test>` };
    },
    verify: async () => undefined,
    close: () => undefined,
  };
}

const message: MailMessage = { to: 'x@example.test', subject: 's', text: 't', html: '<p>t</p>' };

describe('sending an event e-mail once', () => {
  it('retries after a failed send and still sends exactly once', async () => {
    const mailer = flakyMailer(1);
    const delivery = new EmailDelivery(
      mailer,
      new SentEmailsRepository(conn),
      createLogger('t', 'silent'),
    );
    const id = randomUUID();
    await expect(delivery.deliverOnce(id, 'otp-code', message)).rejects.toThrow(/SMTP/);
    expect(await delivery.deliverOnce(id, 'otp-code', message)).toBe(true);
    expect(await delivery.deliverOnce(id, 'otp-code', message)).toBe(false);
    expect(mailer.sent).toHaveLength(1);
  });

  it('sends once when the same event is handled twice at the same time', async () => {
    const mailer = flakyMailer(0);
    const delivery = new EmailDelivery(
      mailer,
      new SentEmailsRepository(conn),
      createLogger('t', 'silent'),
    );
    const id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => delivery.deliverOnce(id, 'otp-code', message)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });
});
