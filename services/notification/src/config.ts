import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The notification service's settings; read once at boot from the environment. */
export const notificationConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4006),
  /** SMTP server for outgoing e-mail (MailDev locally). */
  SMTP_URL: z.string().url().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('"Swapbooth" <no-reply@swapbooth.local>'),
  /** The web app's address, for links in e-mails (production sets it). */
  APP_URL: z.string().url().default('http://localhost:8080'),
  /** POST /api/notifications/create: calls per member per minute. */
  NOTIFY_CREATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Comment lines on an idle stream, so proxies and pooled clients keep it open. */
  STREAM_HEARTBEAT_MS: z.coerce.number().int().positive().default(15_000),
  /** Open streams one member may hold on one replica; a new one past it ends their oldest. */
  STREAM_MAX_PER_MEMBER: z.coerce.number().int().positive().default(5),
  /** Hour of the day (UTC) at which saved-search digests go out, each with the day's matches. */
  SAVED_SEARCH_DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(8),
  /** How often the digest job looks for digests due. */
  SAVED_SEARCH_DIGEST_CHECK_MS: z.coerce.number().int().positive().default(60_000),
});

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

export const loadNotificationConfig = (
  env?: Record<string, string | undefined>,
): Readonly<NotificationConfig> =>
  loadConfig(notificationConfigSchema, env, { required: ['APP_URL'] });
