import {
  startServiceRuntime,
  type RunningService,
  type ServiceContext,
  type ServiceDefinition,
} from '@swapbooth/event-bus';
import type { NotificationConfig } from './config';
import { sentEmailModel } from './data/sent-emails/sent-email.model';
import { SentEmailsRepository } from './data/sent-emails/sent-emails.repository';
import { EmailDelivery } from './domain/email-delivery';
import { smtpMailer, type Mailer } from './mail/mailer';
import { subscriptions } from './events/subscriptions';

export type NotificationOverrides = Partial<
  Pick<ServiceDefinition<NotificationConfig>, 'port' | 'handleSignals' | 'relay'>
> & {
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
  const delivery = (ctx: ServiceContext<NotificationConfig>) =>
    new EmailDelivery(mailer, new SentEmailsRepository(ctx.conn), ctx.logger);

  return startServiceRuntime<NotificationConfig>({
    name: 'notification',
    config,
    models: (conn) => {
      sentEmailModel(conn);
      return [];
    },
    subscriptions: (ctx) => subscriptions(delivery(ctx)),
    routes: () => undefined,
    readiness: () => ({ smtp: () => mailer.verify() }),
    onStop: async () => mailer.close(),
    ...runtime,
  });
}
