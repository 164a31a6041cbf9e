import { z } from 'zod';
import { serviceNames, serviceUrlSettings } from '@swapbooth/contracts';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The admin service's settings; read once at boot from the environment. */
export const adminConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4008),
  /** Where every other service answers, for the platform health report. */
  ...serviceUrlSettings(serviceNames.filter((n) => n !== 'admin')),
});

export type AdminConfig = z.infer<typeof adminConfigSchema>;

export const loadAdminConfig = (env?: Record<string, string | undefined>): Readonly<AdminConfig> =>
  loadConfig(adminConfigSchema, env);
