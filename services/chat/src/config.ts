import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The chat service's settings; read once at boot from the environment. */
export const chatConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4005),
});

export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const loadChatConfig = (env?: Record<string, string | undefined>): Readonly<ChatConfig> =>
  loadConfig(chatConfigSchema, env);
