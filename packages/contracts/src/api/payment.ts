import { z } from 'zod';
import { noData, type EndpointContracts } from './common';

/**
 * The payment service's calls (SPEC §7 stripe and user-stripe-data): subscription plans, Checkout
 * and Identity sessions, the member's payment data, Stripe's webhook and, without a Stripe key,
 * the local sandbox's Checkout and Identity pages. Request schemas are the ones the routes parse.
 */

/** Provider and user ids in paths and bodies: bounded, printable, no slashes. */
export const paymentIdField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(128)
  .regex(/^[^/\s]+$/, 'is not a valid id');

export const checkoutBody = z.object({
  priceId: paymentIdField,
  customerId: paymentIdField,
  userId: paymentIdField,
});
export const cancelSubscriptionBody = z.object({ subscriptionId: paymentIdField });
export const verificationBody = z.object({ userId: paymentIdField, cusId: paymentIdField });
export const processVerificationBody = z.object({
  userId: paymentIdField,
  sessionId: paymentIdField,
});

export const planResponse = z.strictObject({
  priceId: z.string(),
  name: z.string(),
  amount: z.number(),
  currency: z.string(),
  interval: z.string(),
  trialDays: z.number().int().nonnegative(),
});
export type PlanResponse = z.infer<typeof planResponse>;

export const subscriptionResponse = z.strictObject({
  id: z.string(),
  status: z.string(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  price_id: z.string().nullable(),
  plan: planResponse.nullable(),
  created_at: z.string().nullable(),
});

/** A Checkout or Identity session as the provider describes it (its own fields, left open). */
const providerSession = z.looseObject({ id: z.string(), url: z.string().nullish() });

const sessionAnswer = z.strictObject({
  success: z.literal(true),
  url: z.string().nullish(),
  sessionId: z.string(),
  data: providerSession,
});

export const publicPaymentDataResponse = z.strictObject({
  user_id: z.string(),
  is_kyc_verified: z.boolean(),
});
export const ownPaymentDataResponse = publicPaymentDataResponse.extend({
  customer_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  subscription_status: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  plan: planResponse.nullable(),
  verification_status: z.string().nullable(),
});

const verificationState = {
  id: z.string(),
  status: z.string(),
  last_error: z.string().nullable(),
};

const sandboxPage = (summary: string) => ({
  data: z.string(),
  media: 'text/html',
  errorMedia: 'text/plain',
  params: z.object({ id: z.string() }),
  summary,
});
/** GET of the sandbox's Checkout page: `declined=1` when the page shows a declined card. */
export const sandboxCheckoutPageQuery = z.object({ declined: z.enum(['1']).optional() });

const sandboxStep = (summary: string) => ({
  data: noData,
  status: 303 as const,
  errorMedia: 'text/plain',
  params: z.object({ id: z.string() }),
  summary,
});

export const paymentEndpoints = {
  'GET /api/stripe/plans': { data: z.array(planResponse), summary: 'Subscription plans' },
  'POST /api/stripe/create-checkout-session': {
    data: noData,
    answer: sessionAnswer,
    body: checkoutBody,
    summary: 'Start a subscription at Checkout',
  },
  'GET /api/stripe/subscriptions/{customerId}': {
    data: noData,
    params: z.object({ customerId: paymentIdField }),
    answer: z.strictObject({
      success: z.literal(true),
      subscriptions: z.array(subscriptionResponse),
    }),
    summary: 'The caller’s subscriptions',
  },
  'POST /api/stripe/subscriptions/cancel': {
    data: z.strictObject({
      id: z.string(),
      status: z.string(),
      cancel_at_period_end: z.boolean(),
      current_period_end: z.string().nullable(),
    }),
    body: cancelSubscriptionBody,
    summary: 'Cancel at the end of the period',
  },
  'POST /api/stripe/create-verification-session': {
    data: noData,
    answer: sessionAnswer,
    body: verificationBody,
    summary: 'Start identity verification',
  },
  'GET /api/stripe/verify-session-status/{id}': {
    data: z.strictObject({ ...verificationState, verified: z.boolean() }),
    params: z.object({ id: paymentIdField }),
    summary: 'An identity verification’s status',
  },
  'POST /api/stripe/process-verification-success': {
    data: z.strictObject({ ...verificationState, is_kyc_verified: z.boolean() }),
    body: processVerificationBody,
    summary: 'Record a finished identity verification',
  },
  'GET /api/user-stripe-data/{userId}': {
    data: z.union([ownPaymentDataResponse, publicPaymentDataResponse]),
    params: z.object({ userId: paymentIdField }),
    summary: 'A member’s payment data (all of it for themselves, the badge for others)',
  },
  'POST /api/stripe/webhook': {
    data: noData,
    answer: z.strictObject({ received: z.literal(true), outcome: z.string() }),
    body: z.looseObject({ id: z.string(), type: z.string() }),
    summary: 'Stripe’s events (signed with the webhook secret)',
  },
  'GET /api/stripe/sandbox/checkout/{id}': {
    ...sandboxPage('The sandbox’s Checkout page'),
    query: sandboxCheckoutPageQuery,
  },
  'POST /api/stripe/sandbox/checkout/{id}/pay': sandboxStep('Pay in the sandbox'),
  'POST /api/stripe/sandbox/checkout/{id}/decline': sandboxStep('Decline the card'),
  'POST /api/stripe/sandbox/checkout/{id}/cancel': sandboxStep('Leave Checkout'),
  'GET /api/stripe/sandbox/identity/{id}': sandboxPage('The sandbox’s Identity page'),
  'POST /api/stripe/sandbox/identity/{id}/verify': sandboxStep('Pass verification'),
  'POST /api/stripe/sandbox/identity/{id}/fail': sandboxStep('Fail verification'),
  'POST /api/stripe/sandbox/identity/{id}/cancel': sandboxStep('Leave verification'),
} satisfies EndpointContracts;
