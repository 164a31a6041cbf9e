import { PeriodicJob, type ServiceContext } from '@swapbooth/runtime';
import { RealtimePublisher, RedisWindowLimiter } from '@swapbooth/service-kit';
import type { NotificationConfig } from './config';
import { SentEmailsRepository } from './data/sent-emails/sent-emails.repository';
import { NotificationsRepository } from './data/notifications/notifications.repository';
import { MembersRepository } from './data/members/members.repository';
import { ProposalsRepository } from './data/proposals/proposals.repository';
import { ListingTitlesRepository } from './data/products/listing-titles.repository';
import { RedisOnceClaims } from './adapters/once-claims';
import { EmailDelivery } from './domain/email-delivery';
import { Notifier } from './domain/notifier';
import { Inbox } from './domain/inbox';
import { ReaderGate } from './domain/reader-gate';
import { ProposalSteps } from './domain/proposal-steps';
import { TradeEmails } from './domain/trade-emails';
import type { Mailer } from './domain/ports';
import { tradeTemplates } from './adapters/mail/templates/trade';
import { circleTemplates } from './adapters/mail/templates/circle';
import { CircleNews } from './domain/circle-news';
import { DisputeNews } from './domain/dispute-news';
import { StreamHub } from './adapters/realtime/stream-hub';
import { savedSearchTemplates } from './adapters/mail/templates/saved-search';
import { DigestEntriesRepository } from './data/saved-search-digests/digest-entries.repository';
import { SavedSearchNews } from './domain/saved-search-news';

/** Everything the notification service's routes and handlers use, wired once. */
export function buildDeps(ctx: ServiceContext<NotificationConfig>, mailer: Mailer) {
  const delivery = new EmailDelivery(mailer, new SentEmailsRepository(ctx.conn), ctx.logger);
  const store = new NotificationsRepository(ctx.conn);
  const members = new MembersRepository(ctx.conn);
  const proposals = new ProposalsRepository(ctx.conn);
  const titles = new ListingTitlesRepository(ctx.conn);
  const live = new RealtimePublisher(ctx.redis);
  const gate = new ReaderGate(members, proposals);
  const notifier = new Notifier(store, members, live, new RedisOnceClaims(ctx.redis), gate);
  const inbox = new Inbox(
    store,
    gate,
    proposals,
    notifier,
    new RedisWindowLimiter(ctx.redis, 'notify-create', ctx.config.NOTIFY_CREATE_PER_MINUTE, 60),
    live,
  );
  // ProposalSteps decides what a reader may see of a proposal; the e-mails use the same rule.
  const late: { steps?: ProposalSteps } = {};
  const tradeEmails = new TradeEmails(
    delivery,
    members,
    proposals,
    tradeTemplates(ctx.config.APP_URL),
    (p, reader) => late.steps!.details(p, reader),
  );
  const steps = new ProposalSteps(notifier, proposals, members, titles, tradeEmails, live);
  late.steps = steps;
  const hub = new StreamHub(ctx.redis, ctx.logger, ctx.config.STREAM_MAX_PER_MEMBER);
  const circles = new CircleNews(
    notifier,
    members,
    titles,
    delivery,
    circleTemplates(ctx.config.APP_URL),
  );
  const disputes = new DisputeNews(notifier, live);
  const savedSearches = new SavedSearchNews(
    notifier,
    members,
    delivery,
    new DigestEntriesRepository(ctx.conn),
    savedSearchTemplates(ctx.config.APP_URL),
    ctx.config.SAVED_SEARCH_DIGEST_HOUR_UTC,
  );
  return {
    savedSearches,
    /** Sends the saved-search digests that are due (started with the service). */
    digestJob: new PeriodicJob(
      'saved-search-digest',
      ctx.config.SAVED_SEARCH_DIGEST_CHECK_MS,
      () => savedSearches.sendDueDigests(),
      ctx.logger,
    ),
    disputes,
    delivery,
    store,
    members,
    proposals,
    titles,
    notifier,
    inbox,
    tradeEmails,
    steps,
    hub,
    circles,
  };
}

export type NotificationDeps = ReturnType<typeof buildDeps>;
