import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The exchange service's settings; read once at boot from the environment. */
export const exchangeConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4004),
  /** How long an open proposal waits for an answer before it expires (hours; 14 days). */
  PROPOSAL_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(14 * 24),
  /** How often the sweeper expires overdue proposals and releases abandoned reservations. */
  PROPOSAL_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  /**
   * How long a reservation may exist without its proposal being accepted before the sweeper
   * releases it (an accept that stopped between claiming the listings and storing the proposal).
   */
  RESERVATION_GRACE_MS: z.coerce.number().int().min(100).default(60_000),
});

export type ExchangeConfig = z.infer<typeof exchangeConfigSchema>;

export const loadExchangeConfig = (
  env?: Record<string, string | undefined>,
): Readonly<ExchangeConfig> => loadConfig(exchangeConfigSchema, env);
