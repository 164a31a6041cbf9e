import { randomBytes } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { Topics, createEvent, type EventEnvelope } from '@swapbooth/contracts';
import { createKafka, topicName } from '@swapbooth/event-bus';
import { type RunningService } from '@swapbooth/runtime';
import { createLogger } from '@swapbooth/service-kit';
import { eventually, listMail, waitForMail } from '@swapbooth/test-kit';
import { loadNotificationConfig, type NotificationConfig } from '../src/config';
import { startNotificationService } from '../src/service';

jest.setTimeout(60_000);

const mongoUrl = () => process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';

const bus = () => ({
  brokers: process.env.KAFKA_BROKERS!.split(','),
  clientId: 'notification-test',
  prefix: process.env.KAFKA_TOPIC_PREFIX ?? '',
  partitions: 3,
});

let service: RunningService<NotificationConfig>;
let producer: Producer;

beforeAll(async () => {
  service = await startNotificationService(
    loadNotificationConfig({ ...process.env, MONGO_URL: mongoUrl() }),
    { port: 0 },
  );
  producer = createKafka(bus(), createLogger('notification-test', 'silent')).producer();
  await producer.connect();
});
afterAll(async () => {
  await producer?.disconnect();
  await service?.stop();
});

const address = () => `mail-${randomBytes(5).toString('hex')}@example.test`;
const mailsTo = async (to: string) =>
  (await listMail()).filter((m) => m.to.some((t) => t.address === to));

async function deliver(event: EventEnvelope): Promise<void> {
  await producer.send({
    topic: topicName(bus(), Topics.authEmail),
    messages: [{ key: event.subject, value: JSON.stringify(event) }],
  });
}

const otpEvent = (email: string, otp = '482913') =>
  createEvent(
    'auth.otp-requested',
    { userId: 'u1', email, otp, expiresAt: new Date(Date.now() + 600_000).toISOString() },
    { producer: 'auth', subject: 'u1' },
  );

describe('e-mails requested by auth', () => {
  it('sends the verification code, in text and HTML, under the product name', async () => {
    const to = address();
    await deliver(otpEvent(to, '482913'));
    const mail = await waitForMail(to, /verification code/);
    expect(mail.subject).toBe('Your Swapbooth verification code');
    expect(mail.text).toContain('Your Swapbooth verification code is: 482913');
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toContain('482913');
    expect(mail.html).toContain('Swapbooth');
  });

  it('sends the password-reset link, escaped in HTML', async () => {
    const to = address();
    const resetUrl = 'https://swapbooth.example/reset-password?token=u1.abc&x=<y>';
    await deliver(
      createEvent(
        'auth.password-reset-requested',
        {
          userId: 'u1',
          email: to,
          resetUrl,
          expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
        },
        { producer: 'auth', subject: 'u1' },
      ),
    );
    const mail = await waitForMail(to, /Reset your Swapbooth password/);
    expect(mail.text).toContain(resetUrl);
    expect(mail.text).toContain('expires in 30 minutes');
    expect(mail.html).toContain('token=u1.abc&amp;x=&lt;y&gt;');
    expect(mail.html).not.toContain('<y>');
  });

  it('sends one e-mail for an event delivered twice', async () => {
    const to = address();
    const event = otpEvent(to);
    await deliver(event);
    await waitForMail(to);
    await deliver(event);
    // A sentinel sent after the duplicate: once it arrives, the duplicate has been handled.
    const sentinel = otpEvent(to, '111111');
    await deliver(sentinel);
    await eventually(async () => (await mailsTo(to)).some((m) => m.text.includes('111111')));
    expect((await mailsTo(to)).filter((m) => m.text.includes('482913'))).toHaveLength(1);
  });

  it('sends one e-mail when a re-delivery slips past the consumer record', async () => {
    const to = address();
    const event = otpEvent(to);
    await deliver(event);
    await waitForMail(to);
    // As if the consumer died after sending and before recording the event as processed.
    const db = service.ctx.conn.db!;
    await eventually(
      async () =>
        (await db
          .collection('processed_events')
          .countDocuments({ _id: `notification:${event.id}` as never })) === 1,
    );
    await db.collection('processed_events').deleteOne({ _id: `notification:${event.id}` as never });
    await deliver(event);
    await eventually(
      async () =>
        (await db
          .collection('processed_events')
          .countDocuments({ _id: `notification:${event.id}` as never })) === 1,
    );
    expect(await mailsTo(to)).toHaveLength(1);
    const sent = await db.collection('sent_emails').findOne({ _id: event.id as never });
    expect(sent).toMatchObject({ status: 'sent', kind: 'otp-code', to });
    expect(JSON.stringify(sent)).not.toContain('482913');
  });
});
