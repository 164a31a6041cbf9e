import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The payment service's settings; read once at boot from the environment. */
export const paymentConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4007),
});

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const loadPaymentConfig = (
  env?: Record<string, string | undefined>,
): Readonly<PaymentConfig> => loadConfig(paymentConfigSchema, env);
