import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The notification service's settings; read once at boot from the environment. */
export const notificationConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4006),
});

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

export const loadNotificationConfig = (
  env?: Record<string, string | undefined>,
): Readonly<NotificationConfig> => loadConfig(notificationConfigSchema, env);
