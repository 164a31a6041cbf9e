import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The chat service's settings; read once at boot from the environment. */
export const chatConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4005),
  /** A member may send this many messages per window; one more is a 429. */
  CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  CHAT_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(10),
});

export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const loadChatConfig = (env?: Record<string, string | undefined>): Readonly<ChatConfig> =>
  loadConfig(chatConfigSchema, env);
