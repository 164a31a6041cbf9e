import type { DomainEvent } from '@swapbooth/event-bus';
import type { Account, ProviderSubscription } from './account';

// Declared beside the account that applies it (so account.ts needs nothing from here).
export type { ProviderSubscription } from './account';

export type VerificationStatus = 'requires_input' | 'processing' | 'verified' | 'canceled';

/** An identity verification session (document and selfie) as the provider holds it now. */
export interface ProviderVerification {
  id: string;
  status: VerificationStatus;
  url?: string;
  userId?: string;
  /** Why the last attempt needs another try, when the provider says. */
  lastError?: string;
}

/** A webhook event whose signature and timestamp were checked. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Seconds since epoch. */
  created: number;
  object: Record<string, unknown>;
}

export interface Plan {
  priceId: string;
  name: string;
  amount: number;
  currency: string;
  interval: string;
  trialDays: number;
}

/** Stripe, or the local sandbox that behaves like it. */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  createCustomer(
    input: { userId: string; email?: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  createCheckoutSession(input: {
    customerId: string;
    userId: string;
    plan: Plan;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  cancelAtPeriodEnd(id: string): Promise<ProviderSubscription>;
  /** Ends a subscription now (an administrator's decision). */
  cancelNow(id: string): Promise<ProviderSubscription>;
  /** Whether the provider answers, and in which mode. */
  status(): Promise<{ provider: 'stripe' | 'sandbox'; mode: 'live' | 'test' | 'sandbox' }>;
  createVerificationSession(input: {
    userId: string;
    returnUrl: string;
  }): Promise<{ id: string; url: string | null }>;
  retrieveVerificationSession(id: string): Promise<ProviderVerification>;
}

/** Checks a webhook's signature (endpoint secret, timestamp tolerance); throws when it fails. */
export interface WebhookVerifier {
  verify(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}

/** The members' payment accounts, one document each, written with their events. */
export interface AccountRepository {
  find(userId: string): Promise<Account | undefined>;
  /** 'exists' when the member already has an account. */
  insert(account: Account, events: DomainEvent[]): Promise<'inserted' | 'exists'>;
  /** 'stale' when someone wrote the account since `expectedVersion` was read. */
  replace(
    account: Account,
    expectedVersion: number,
    events: DomainEvent[],
  ): Promise<'replaced' | 'stale'>;
}

export type LinkKind = 'customer' | 'subscription' | 'verification';

/** Which member a provider object (customer, subscription, verification session) belongs to. */
export interface OwnerLinks {
  /** Records the owner; an existing link is never moved to another member. */
  link(kind: LinkKind, id: string, userId: string): Promise<void>;
  ownerOf(kind: LinkKind, id: string): Promise<string | undefined>;
}

/** Webhook events already handled, claimed by id so each is processed once. */
export interface WebhookLedger {
  /** True for the first claimant of this event id. */
  claim(eventId: string, type: string): Promise<boolean>;
  /** Gives a claim back after its processing failed, so the provider's retry is processed. */
  release(eventId: string): Promise<void>;
}
