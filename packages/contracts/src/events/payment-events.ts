import { z } from 'zod';

/** What the payment service publishes (topics `subscription` and `identity`). */
export const paymentEvents = {
  /**
   * A member's subscription state as payment last confirmed it (webhook-confirmed). Entitlement is
   * `status` active or trialing. Keyed by the user id.
   */
  'subscription.changed': z.object({
    userId: z.string(),
    status: z.string(),
    currentPeriodEnd: z.string().nullable().optional(),
    customerId: z.string().optional(),
    subscriptionId: z.string().optional(),
  }),
  'identity.verified': z.object({ userId: z.string(), verified: z.boolean() }),
} as const;
