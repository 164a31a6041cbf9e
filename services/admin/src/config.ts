import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

const url = (port: number) => z.string().url().default(`http://127.0.0.1:${port}`);

/** The admin service's settings; read once at boot from the environment. */
export const adminConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4008),
  AUTH_URL: url(4001),
  CATALOG_URL: url(4002),
  SEARCH_URL: url(4003),
  EXCHANGE_URL: url(4004),
  CHAT_URL: url(4005),
  NOTIFICATION_URL: url(4006),
  PAYMENT_URL: url(4007),
});

export type AdminConfig = z.infer<typeof adminConfigSchema>;

export const loadAdminConfig = (env?: Record<string, string | undefined>): Readonly<AdminConfig> =>
  loadConfig(adminConfigSchema, env);
