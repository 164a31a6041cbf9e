import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The exchange service's settings; read once at boot from the environment. */
export const exchangeConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4004),
});

export type ExchangeConfig = z.infer<typeof exchangeConfigSchema>;

export const loadExchangeConfig = (
  env?: Record<string, string | undefined>,
): Readonly<ExchangeConfig> => loadConfig(exchangeConfigSchema, env);
