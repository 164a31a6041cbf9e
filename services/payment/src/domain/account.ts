import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';

/** Subscribed only when the status is active or trialing (SPEC §4). */
export const ENTITLED_STATUSES: readonly string[] = ['active', 'trialing'];
export const isEntitled = (status: string | undefined | null): boolean =>
  ENTITLED_STATUSES.includes(status ?? '');

/** A subscription as the payment provider holds it now. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  /** ISO time the paid (or trial) period ends; null when the provider gives none. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  priceId?: string;
  /** The member it was started for (metadata we set at checkout). */
  userId?: string;
  createdAt: string;
}

/** A subscription as the last webhook-confirmed provider state had it. */
export interface SubscriptionState {
  id: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  priceId?: string;
  createdAt: string;
}

/** A member's payment account: their customer, subscriptions and identity verification. */
export interface Account {
  userId: string;
  customerId?: string;
  email?: string;
  subscriptions: Record<string, SubscriptionState>;
  kycVerified: boolean;
  verificationStatus?: string;
  verificationSessionId?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const newAccount = (userId: string, now: Date, email?: string): Account => ({
  userId,
  ...(email ? { email } : {}),
  subscriptions: {},
  kycVerified: false,
  version: 0,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
});

/**
 * The subscription that decides the member's status: an entitled one (the one running longest),
 * else the newest.
 */
export function currentSubscription(account: Account): SubscriptionState | undefined {
  const all = Object.values(account.subscriptions);
  const entitled = all.filter((s) => isEntitled(s.status));
  const pool = entitled.length ? entitled : all;
  const key = (s: SubscriptionState) =>
    entitled.length ? (s.currentPeriodEnd ?? '') : s.createdAt;
  return pool.sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0))[0];
}

/** What other services are told about a member's subscription. */
function summary(account: Account) {
  const s = currentSubscription(account);
  return {
    status: s?.status ?? 'none',
    currentPeriodEnd: s?.currentPeriodEnd ?? null,
    subscriptionId: s?.id,
  };
}

/**
 * The account with the provider's current state of one subscription applied, and the
 * `subscription.changed` event when what the member's status says has changed; undefined when
 * nothing changed.
 */
export function applySubscription(
  account: Account,
  sub: ProviderSubscription,
  now: Date,
): { next: Account; events: DomainEvent[] } | undefined {
  const prev = account.subscriptions[sub.id];
  const state: SubscriptionState = {
    id: sub.id,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    ...(sub.priceId ? { priceId: sub.priceId } : {}),
    createdAt: prev?.createdAt ?? sub.createdAt,
  };
  if (
    prev &&
    prev.status === state.status &&
    prev.currentPeriodEnd === state.currentPeriodEnd &&
    prev.cancelAtPeriodEnd === state.cancelAtPeriodEnd &&
    prev.priceId === state.priceId
  ) {
    return undefined;
  }
  const next: Account = {
    ...account,
    subscriptions: { ...account.subscriptions, [sub.id]: state },
    updatedAt: now.toISOString(),
  };
  const before = summary(account);
  const after = summary(next);
  const changed =
    before.status !== after.status ||
    before.currentPeriodEnd !== after.currentPeriodEnd ||
    before.subscriptionId !== after.subscriptionId;
  const events: DomainEvent[] = changed
    ? [
        domainEvent('subscription.changed', account.userId, {
          userId: account.userId,
          status: after.status,
          currentPeriodEnd: after.currentPeriodEnd,
          ...(account.customerId ? { customerId: account.customerId } : {}),
          ...(after.subscriptionId ? { subscriptionId: after.subscriptionId } : {}),
        }),
      ]
    : [];
  return { next, events };
}

/**
 * The account after the provider reported a verification session's status; `identity.verified`
 * goes out the first time the member is verified. Once verified, a member stays verified.
 */
export function applyVerification(
  account: Account,
  sessionId: string,
  status: string,
  now: Date,
): { next: Account; events: DomainEvent[] } | undefined {
  if (account.kycVerified) return undefined;
  const verified = status === 'verified';
  if (
    !verified &&
    account.verificationStatus === status &&
    account.verificationSessionId === sessionId
  ) {
    return undefined;
  }
  const next: Account = {
    ...account,
    kycVerified: verified,
    verificationStatus: status,
    verificationSessionId: sessionId,
    updatedAt: now.toISOString(),
  };
  const events: DomainEvent[] = verified
    ? [domainEvent('identity.verified', account.userId, { userId: account.userId, verified: true })]
    : [];
  return { next, events };
}
