import { currentSubscription, type Account, type SubscriptionState } from '../../domain/account';
import type { Plan } from '../../domain/ports';

export const planView = (p: Plan) => ({
  priceId: p.priceId,
  name: p.name,
  amount: p.amount,
  currency: p.currency,
  interval: p.interval,
  trialDays: p.trialDays,
});

export const subscriptionView = (s: SubscriptionState, plans: readonly Plan[]) => {
  const plan = plans.find((p) => p.priceId === s.priceId);
  return {
    id: s.id,
    status: s.status,
    current_period_end: s.currentPeriodEnd,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    price_id: s.priceId ?? null,
    plan: plan ? planView(plan) : null,
    created_at: s.createdAt,
  };
};

/** What anyone may know about a member: the ID Verified badge. */
export const publicPaymentData = (userId: string, account: Account | undefined) => ({
  user_id: userId,
  is_kyc_verified: account?.kycVerified === true,
});

/** The member's own payment data (`stripe_data` of GET /api/profile). */
export const ownPaymentData = (
  userId: string,
  account: Account | undefined,
  plans: readonly Plan[],
) => {
  const s = account ? currentSubscription(account) : undefined;
  return {
    ...publicPaymentData(userId, account),
    customer_id: account?.customerId ?? null,
    subscription_id: s?.id ?? null,
    subscription_status: s?.status ?? null,
    current_period_end: s?.currentPeriodEnd ?? null,
    cancel_at_period_end: s?.cancelAtPeriodEnd ?? false,
    plan: s ? subscriptionView(s, plans).plan : null,
    verification_status: account?.verificationStatus ?? null,
  };
};
