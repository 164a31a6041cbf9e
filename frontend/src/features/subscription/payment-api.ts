import type {
  ApiSuccess,
  cancelSubscriptionBody,
  checkoutBody,
  processVerificationBody,
  verificationBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';

export interface Plan {
  priceId: string;
  name: string;
  /** In cents. */
  amount: number;
  currency: string;
  interval: string;
  trialDays: number;
}

/** The member's own payment data (GET /api/user-stripe-data/{userId} with their token). */
export interface PaymentData {
  customerId: string | null;
  subscriptionId: string | null;
  status: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  planName: string | null;
  verified: boolean;
  verificationStatus: string | null;
}

interface PaymentDataResponse {
  customer_id?: string | null;
  subscription_id?: string | null;
  subscription_status?: string | null;
  current_period_end?: string | null;
  cancel_at_period_end?: boolean;
  plan?: { name?: string } | null;
  is_kyc_verified?: boolean;
  verification_status?: string | null;
}

export interface VerificationResult {
  status: 'requires_input' | 'processing' | 'verified' | 'canceled';
  verified: boolean;
  lastError: string | null;
}

const toPaymentData = (d: PaymentDataResponse): PaymentData => ({
  customerId: d.customer_id ?? null,
  subscriptionId: d.subscription_id ?? null,
  status: d.subscription_status ?? null,
  currentPeriodEnd: d.current_period_end ?? null,
  cancelAtPeriodEnd: d.cancel_at_period_end === true,
  planName: d.plan?.name ?? null,
  verified: d.is_kyc_verified === true,
  verificationStatus: d.verification_status ?? null,
});

/** Subscriptions and identity verification (SPEC §7 Payments). */
export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], void>({
      query: () => ({ url: '/stripe/plans' }),
      transformResponse: (body: ApiSuccess<Plan[]>) => body.data,
      keepUnusedDataFor: 600,
    }),
    getPaymentData: build.query<PaymentData, string>({
      query: (userId) => ({ url: `/user-stripe-data/${encodeURIComponent(userId)}` }),
      transformResponse: (body: ApiSuccess<PaymentDataResponse>) => toPaymentData(body.data),
      keepUnusedDataFor: 0,
    }),
    createCheckoutSession: build.mutation<{ url: string }, RequestBody<typeof checkoutBody>>({
      query: (body) => ({ url: '/stripe/create-checkout-session', method: 'POST', body }),
      transformResponse: (body: { url: string }) => ({ url: body.url }),
    }),
    cancelSubscription: build.mutation<void, RequestBody<typeof cancelSubscriptionBody>>({
      query: (body) => ({ url: '/stripe/subscriptions/cancel', method: 'POST', body }),
    }),
    createVerificationSession: build.mutation<
      { url: string | null; sessionId: string },
      RequestBody<typeof verificationBody>
    >({
      query: (body) => ({ url: '/stripe/create-verification-session', method: 'POST', body }),
      transformResponse: (body: { url: string | null; sessionId: string }) => ({
        url: body.url,
        sessionId: body.sessionId,
      }),
    }),
    /** The server asks the provider; the client's word is never taken. */
    processVerification: build.mutation<
      VerificationResult,
      RequestBody<typeof processVerificationBody>
    >({
      query: (body) => ({ url: '/stripe/process-verification-success', method: 'POST', body }),
      transformResponse: (
        body: ApiSuccess<{ status: string; is_kyc_verified: boolean; last_error: string | null }>,
      ) => ({
        status: body.data.status as VerificationResult['status'],
        verified: body.data.is_kyc_verified,
        lastError: body.data.last_error,
      }),
      // The profile carries the ID Verified flag.
      invalidatesTags: (r) => (r?.verified ? ['Profile'] : []),
    }),
  }),
});

export const {
  useGetPlansQuery,
  useGetPaymentDataQuery,
  useCreateCheckoutSessionMutation,
  useCancelSubscriptionMutation,
  useCreateVerificationSessionMutation,
  useProcessVerificationMutation,
} = paymentApi;
