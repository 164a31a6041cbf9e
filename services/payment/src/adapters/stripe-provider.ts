import Stripe from 'stripe';
import type {
  PaymentProvider,
  ProviderEvent,
  ProviderSubscription,
  ProviderVerification,
  VerificationStatus,
  WebhookVerifier,
} from '../domain/ports';

export interface StripeSettings {
  secretKey: string;
  /** Another API origin (stripe-mock), e.g. http://127.0.0.1:12111. */
  apiBase?: string;
}

/** A Stripe client, pointed at another origin (stripe-mock) when one is given. */
export function stripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000 });
  const u = new URL(apiBase);
  return new Stripe(secretKey, {
    host: u.hostname,
    port: u.port || (u.protocol === 'https:' ? 443 : 80),
    protocol: u.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
  });
}

const idOf = (v: unknown): string =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as { id?: unknown }).id) : '';

const iso = (seconds: unknown): string | null =>
  typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;

/** A Stripe subscription in the provider-neutral shape (period end on the item since 2025 APIs). */
export function toProviderSubscription(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items?.data?.[0] as
    (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const legacyEnd = (s as unknown as { current_period_end?: number }).current_period_end;
  const userId = s.metadata?.userId;
  return {
    id: s.id,
    customerId: idOf(s.customer),
    status: s.status,
    currentPeriodEnd: iso(item?.current_period_end ?? legacyEnd ?? s.trial_end),
    cancelAtPeriodEnd: s.cancel_at_period_end === true,
    ...(item?.price?.id ? { priceId: item.price.id } : {}),
    ...(userId ? { userId } : {}),
    createdAt: iso(s.created) ?? new Date(0).toISOString(),
  };
}

const verificationStatuses: readonly VerificationStatus[] = [
  'requires_input',
  'processing',
  'verified',
  'canceled',
];

export function toProviderVerification(
  v: Stripe.Identity.VerificationSession,
): ProviderVerification {
  const status = verificationStatuses.includes(v.status as VerificationStatus)
    ? (v.status as VerificationStatus)
    : 'requires_input';
  const userId = v.metadata?.userId;
  const lastError = v.last_error?.reason ?? v.last_error?.code ?? undefined;
  return {
    id: v.id,
    status,
    ...(v.url ? { url: v.url } : {}),
    ...(userId ? { userId } : {}),
    ...(lastError ? { lastError } : {}),
  };
}

/** The payment port on Stripe: Customers, Checkout, Billing and Identity. */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async createCustomer(input: { userId: string; email?: string }, idempotencyKey: string) {
    const c = await this.stripe.customers.create(
      { ...(input.email ? { email: input.email } : {}), metadata: { userId: input.userId } },
      { idempotencyKey },
    );
    return { id: c.id };
  }

  async createCheckoutSession(input: Parameters<PaymentProvider['createCheckoutSession']>[0]) {
    const s = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.userId,
      line_items: [{ price: input.plan.priceId, quantity: 1 }],
      subscription_data: {
        metadata: { userId: input.userId },
        ...(input.plan.trialDays > 0 ? { trial_period_days: input.plan.trialDays } : {}),
      },
      metadata: { userId: input.userId },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!s.url) throw new Error('Stripe returned a Checkout session without a URL');
    return { id: s.id, url: s.url };
  }

  async retrieveSubscription(id: string) {
    return toProviderSubscription(await this.stripe.subscriptions.retrieve(id));
  }

  async cancelAtPeriodEnd(id: string) {
    return toProviderSubscription(
      await this.stripe.subscriptions.update(id, { cancel_at_period_end: true }),
    );
  }

  async cancelNow(id: string) {
    return toProviderSubscription(await this.stripe.subscriptions.cancel(id));
  }

  async status() {
    const balance = await this.stripe.balance.retrieve();
    return {
      provider: 'stripe' as const,
      mode: balance.livemode ? ('live' as const) : ('test' as const),
    };
  }

  async createVerificationSession(input: { userId: string; returnUrl: string }) {
    const v = await this.stripe.identity.verificationSessions.create({
      type: 'document',
      options: { document: { require_matching_selfie: true } },
      client_reference_id: input.userId,
      metadata: { userId: input.userId },
      return_url: input.returnUrl,
    });
    // Stripe gives the hosted page's URL while the session awaits input (stripe-mock gives none).
    return { id: v.id, url: v.url ?? null };
  }

  async retrieveVerificationSession(id: string) {
    return toProviderVerification(await this.stripe.identity.verificationSessions.retrieve(id));
  }
}

/** Stripe's webhook signature scheme (`Stripe-Signature: t=...,v1=...`), with a tolerance. */
export class StripeWebhookVerifier implements WebhookVerifier {
  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
    private readonly toleranceSeconds: number,
  ) {}

  verify(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    if (!signatureHeader) throw new Error('No Stripe-Signature header');
    const e = this.stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      this.secret,
      this.toleranceSeconds,
    );
    return {
      id: e.id,
      type: e.type,
      created: e.created,
      object: e.data.object as unknown as Record<string, unknown>,
    };
  }

  /** A signature header for a payload, as Stripe would send it (the sandbox signs with it). */
  sign(payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
    return this.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.secret,
      timestamp,
    });
  }
}
