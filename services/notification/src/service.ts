import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { NotificationConfig } from './config';
import { sentEmailModel } from './data/sent-emails/sent-email.model';
import { SentEmailsRepository } from './data/sent-emails/sent-emails.repository';
import { EmailDelivery } from './domain/email-delivery';
import { smtpMailer, type Mailer } from './mail/mailer';
import { subscriptions } from './events/subscriptions';

export type NotificationOverrides = RuntimeOverrides & {
  /** Replaces the SMTP mailer. */
  mailer?: Mailer;
};

/** Starts the notification service: its database, event plumbing and HTTP API. */
export function startNotificationService(
  config: Readonly<NotificationConfig>,
  overrides: NotificationOverrides = {},
): Promise<RunningService<NotificationConfig>> {
  const { mailer: givenMailer, ...runtime } = overrides;
  const mailer = givenMailer ?? smtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return startServiceRuntime({
    name: 'notification',
    config,
    models: (conn) => {
      sentEmailModel(conn);
      return [];
    },
    deps: (ctx) => ({
      delivery: new EmailDelivery(mailer, new SentEmailsRepository(ctx.conn), ctx.logger),
    }),
    subscriptions: ({ delivery }) => subscriptions(delivery),
    routes: () => undefined,
    readiness: () => ({ smtp: () => mailer.verify() }),
    onStop: async () => mailer.close(),
    ...runtime,
  });
}
