import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const planSchema = z.object({
  priceId: z.string().min(1),
  name: z.string().min(1),
  /** In the currency's smallest unit (cents). */
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3).default('usd'),
  interval: z.enum(['day', 'week', 'month', 'year']).default('month'),
  trialDays: z.number().int().min(0).max(730).default(0),
});

/** The plans members can subscribe to when PAYMENT_PLANS does not say otherwise. */
const defaultPlans = [
  {
    priceId: 'price_swapbooth_monthly',
    name: 'Monthly',
    amount: 999,
    currency: 'usd',
    interval: 'month',
    trialDays: 7,
  },
  {
    priceId: 'price_swapbooth_yearly',
    name: 'Yearly',
    amount: 9900,
    currency: 'usd',
    interval: 'year',
    trialDays: 0,
  },
];

const plansSetting = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw || !raw.trim()) return defaultPlans;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of plans' });
      return z.NEVER;
    }
  })
  .pipe(z.array(planSchema).min(1));

/** The payment service's settings; read once at boot from the environment. */
export const paymentConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().nonnegative().default(4007),
    /**
     * A Stripe secret key (test mode: sk_test_...). Required, unless PAYMENT_SANDBOX=true outside
     * production.
     */
    STRIPE_SECRET_KEY: optionalString,
    /**
     * true: without a Stripe key, the local sandbox provider runs the same flows with pages served
     * by this service, and no real payment (anyone may pay or verify there). For local use only
     * (npm start and the tests set it); refused in production. Ignored when a key is set.
     */
    PAYMENT_SANDBOX: z
      .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** The webhook endpoint's signing secret (whsec_...). The sandbox signs with it too when set. */
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Another Stripe API origin, e.g. stripe-mock at http://127.0.0.1:12111 (tests). */
    STRIPE_API_BASE: optionalString,
    /** How old a webhook's signed timestamp may be. */
    STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** Where the web app is reached: Checkout and Identity return there. */
    APP_URL: z
      .string()
      .default('http://localhost:8080')
      .transform((v) => v.trim().replace(/\/+$/, '')),
    /** Plans as a JSON array of { priceId, name, amount, currency, interval, trialDays }. */
    PAYMENT_PLANS: plansSetting,
    /** Where the sandbox delivers its webhooks; defaults to this service's own endpoint. */
    SANDBOX_WEBHOOK_URL: optionalString,
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.PAYMENT_SANDBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_SANDBOX'],
        message:
          'the payment sandbox is for local use only (anyone could subscribe or verify free): unset it in production',
      });
    } else if (!c.STRIPE_SECRET_KEY && c.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'required in production',
      });
    } else if (!c.STRIPE_SECRET_KEY && !c.PAYMENT_SANDBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'required unless PAYMENT_SANDBOX=true (the local sandbox, for development and tests only)',
      });
    }
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET && c.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'required with STRIPE_SECRET_KEY in production',
      });
    }
    const ids = c.PAYMENT_PLANS.map((p) => p.priceId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_PLANS'], message: 'price ids must differ' });
    }
  });

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The sandbox runs only when asked for and no key is set (a key always means Stripe). */
export const runsSandbox = (c: Pick<PaymentConfig, 'STRIPE_SECRET_KEY' | 'PAYMENT_SANDBOX'>) =>
  !c.STRIPE_SECRET_KEY && c.PAYMENT_SANDBOX;

export const loadPaymentConfig = (
  env?: Record<string, string | undefined>,
): Readonly<PaymentConfig> => loadConfig(paymentConfigSchema, env, { required: ['APP_URL'] });
