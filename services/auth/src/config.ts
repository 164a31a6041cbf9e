import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The auth service's settings; read once at boot from the environment. */
export const authConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4001),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const loadAuthConfig = (env?: Record<string, string | undefined>): Readonly<AuthConfig> =>
  loadConfig(authConfigSchema, env);
