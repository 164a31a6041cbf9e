import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { NotificationConfig } from './config';
import { sentEmailModel } from './data/sent-emails/sent-email.model';
import { notificationModel } from './data/notifications/notification.model';
import { memberModel } from './data/members/member.model';
import { proposalModel } from './data/proposals/proposal.model';
import { listingTitleModel } from './data/products/listing-title.model';
import { digestEntryModel } from './data/saved-search-digests/digest-entry.model';
import { buildDeps, type NotificationDeps } from './deps';
import { smtpMailer } from './adapters/mail/mailer';
import type { Mailer } from './domain/ports';
import { subscriptions } from './events/subscriptions';
import { notificationsRoutes } from './api/notifications/notifications.routes';
import { tradeNotificationsRoutes } from './api/trade-notifications/trade-notifications.routes';
import { streamRoutes } from './api/stream/stream.routes';

export type NotificationOverrides = RuntimeOverrides & {
  /** Replaces the SMTP mailer. */
  mailer?: Mailer;
};

/** Starts the notification service: its database, event plumbing, HTTP API and live streams. */
export function startNotificationService(
  config: Readonly<NotificationConfig>,
  overrides: NotificationOverrides = {},
): Promise<RunningService<NotificationConfig, NotificationDeps>> {
  const { mailer: givenMailer, ...runtime } = overrides;
  const mailer = givenMailer ?? smtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return startServiceRuntime({
    name: 'notification',
    config,
    models: (conn) => {
      sentEmailModel(conn);
      notificationModel(conn);
      memberModel(conn);
      proposalModel(conn);
      listingTitleModel(conn);
      digestEntryModel(conn);
      return [];
    },
    deps: (ctx) => buildDeps(ctx, mailer),
    subscriptions,
    onStart: async ({ hub, digestJob }) => {
      await hub.start();
      digestJob.start();
    },
    routes: (app, deps, ctx) => {
      // Open streams would hold the drain until its timeout: end them as soon as draining starts
      // (clients reconnect, to another replica, with Last-Event-ID).
      const drainable = app as typeof app & { setDraining?: () => void };
      const setDraining = drainable.setDraining?.bind(app);
      drainable.setDraining = () => {
        setDraining?.();
        deps.hub.closeAll();
      };
      app.use(streamRoutes(ctx, deps));
      app.use(notificationsRoutes(ctx, deps));
      app.use(tradeNotificationsRoutes(ctx, deps));
    },
    readiness: () => ({ smtp: () => mailer.verify() }),
    onStop: async ({ hub, digestJob }) => {
      await digestJob.stop();
      await hub.stop();
      mailer.close();
    },
    ...runtime,
  });
}
