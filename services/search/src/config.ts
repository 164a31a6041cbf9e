import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The search service's settings; read once at boot from the environment. */
export const searchConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4003),
});

export type SearchConfig = z.infer<typeof searchConfigSchema>;

export const loadSearchConfig = (
  env?: Record<string, string | undefined>,
): Readonly<SearchConfig> => loadConfig(searchConfigSchema, env);
