import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Logger } from '@swapbooth/service-kit';
import type { PaymentProvider, Plan } from '../../domain/ports';
import { toProviderSubscription, toProviderVerification } from '../stripe-provider';
import type { SandboxStore } from './sandbox-store';

type Obj = Record<string, unknown>;

/** Delivers one signed webhook: the raw JSON payload and its Stripe-Signature header. */
export type WebhookDelivery = (payload: string) => Promise<void>;

const newId = (prefix: string) => `${prefix}_sbx${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;
const intervalSeconds: Record<string, number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

export class SandboxNotFound extends Error {}

/**
 * A stand-in for Stripe that runs on a laptop with no network: customers, Checkout sessions,
 * subscriptions and Identity verification sessions kept in the service's database, with pages
 * (served by this service) to pay, decline or verify, and the same signed webhooks Stripe sends,
 * delivered to the same endpoint.
 */
export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  private deliver: WebhookDelivery;

  constructor(
    private readonly store: SandboxStore,
    private readonly pagesBase: string,
    private readonly logger: Logger,
  ) {
    this.deliver = async () => {
      this.logger.warn('sandbox webhook not delivered: no endpoint yet');
    };
  }

  /** Where webhooks go (the service's own endpoint once it listens, or anything else in tests). */
  deliverWith(delivery: WebhookDelivery): void {
    this.deliver = delivery;
  }

  async createCustomer(input: { userId: string; email?: string }, idempotencyKey: string) {
    const id = newId('cus');
    // The idempotency record is claimed first, so two concurrent calls share one customer.
    if (!(await this.store.insert(`idem:${idempotencyKey}`, 'idempotency', { id }))) {
      const prior = await this.store.get<{ id: string }>(`idem:${idempotencyKey}`);
      return { id: prior!.id };
    }
    await this.store.insert(id, 'customer', {
      id,
      object: 'customer',
      email: input.email ?? null,
      metadata: { userId: input.userId },
      created: nowSeconds(),
    });
    return { id };
  }

  async createCheckoutSession(input: {
    customerId: string;
    userId: string;
    plan: Plan;
    successUrl: string;
    cancelUrl: string;
  }) {
    const id = newId('cs');
    const url = `${this.pagesBase}/checkout/${id}`;
    await this.store.insert(id, 'checkout.session', {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer: input.customerId,
      client_reference_id: input.userId,
      metadata: { userId: input.userId },
      subscription: null,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      url,
      plan: input.plan,
      created: nowSeconds(),
    });
    return { id, url };
  }

  async retrieveSubscription(id: string) {
    return toProviderSubscription(await this.must<Stripe.Subscription & Obj>(id));
  }

  async cancelAtPeriodEnd(id: string) {
    const sub = await this.updateSubscription(id, { cancel_at_period_end: true });
    return toProviderSubscription(sub);
  }

  async cancelNow(id: string) {
    const now = nowSeconds();
    const sub = await this.updateSubscription(id, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
    });
    return toProviderSubscription(sub);
  }

  async status() {
    return { provider: 'sandbox' as const, mode: 'sandbox' as const };
  }

  async createVerificationSession(input: { userId: string; returnUrl: string }) {
    const id = newId('vs');
    const url = `${this.pagesBase}/identity/${id}`;
    await this.store.insert(id, 'identity.verification_session', {
      id,
      object: 'identity.verification_session',
      type: 'document',
      status: 'requires_input',
      client_reference_id: input.userId,
      metadata: { userId: input.userId },
      return_url: input.returnUrl,
      url,
      last_error: null,
      created: nowSeconds(),
    });
    return { id, url };
  }

  async retrieveVerificationSession(id: string) {
    return toProviderVerification(await this.must<Stripe.Identity.VerificationSession & Obj>(id));
  }

  // ---- what the sandbox pages do ----

  async checkoutSession(id: string): Promise<Obj & { plan: Plan; status: string }> {
    const s = await this.must<Obj & { plan: Plan; status: string }>(id);
    if (s.object !== 'checkout.session') throw new SandboxNotFound(id);
    return s;
  }

  /** Pays a Checkout session: a subscription starts (trialing when the plan has a trial). */
  async payCheckout(id: string): Promise<string> {
    const session = await this.checkoutSession(id);
    if (session.status !== 'open') return this.successUrl(session);
    const sub = await this.newSubscription(
      session,
      session.plan.trialDays > 0 ? 'trialing' : 'active',
    );
    const completed = {
      ...session,
      status: 'complete',
      subscription: sub.id,
      payment_status: 'paid',
    };
    await this.store.put(id, 'checkout.session', completed);
    await this.emit('customer.subscription.created', sub);
    await this.emit('checkout.session.completed', this.publicCheckout(completed));
    return this.successUrl(completed);
  }

  /** A declined card: the subscription stays incomplete and the invoice's payment fails. */
  async declineCheckout(id: string): Promise<void> {
    const session = await this.checkoutSession(id);
    if (session.status !== 'open') return;
    const sub = await this.newSubscription(session, 'incomplete');
    await this.emit('customer.subscription.created', sub);
    await this.emit('invoice.payment_failed', {
      id: newId('in'),
      object: 'invoice',
      customer: session.customer,
      subscription: sub.id,
      status: 'open',
      attempted: true,
      created: nowSeconds(),
    });
  }

  async cancelCheckoutUrl(id: string): Promise<string> {
    const session = await this.checkoutSession(id);
    return String(session.cancel_url);
  }

  async verificationSession(id: string): Promise<Obj & { status: string; return_url: string }> {
    const v = await this.must<Obj & { status: string; return_url: string }>(id);
    if (v.object !== 'identity.verification_session') throw new SandboxNotFound(id);
    return v;
  }

  /** The document and selfie check passes (verify) or asks for another try (fail). */
  async completeVerification(id: string, outcome: 'verify' | 'fail'): Promise<string> {
    const v = await this.verificationSession(id);
    if (v.status === 'verified') return v.return_url;
    const next =
      outcome === 'verify'
        ? { ...v, status: 'verified', last_error: null }
        : {
            ...v,
            status: 'requires_input',
            last_error: {
              code: 'document_unverified_other',
              reason: 'The document could not be verified.',
            },
          };
    await this.store.put(id, 'identity.verification_session', next);
    await this.emit(
      outcome === 'verify'
        ? 'identity.verification_session.verified'
        : 'identity.verification_session.requires_input',
      next,
    );
    return v.return_url;
  }

  /** Changes a subscription as Stripe's billing would (renewal, failed payment, end) and says so. */
  async updateSubscription(id: string, patch: Obj): Promise<Stripe.Subscription & Obj> {
    const sub = await this.must<Stripe.Subscription & Obj>(id);
    const next = { ...sub, ...patch } as Stripe.Subscription & Obj;
    await this.store.put(id, 'subscription', next);
    await this.emit(
      next.status === 'canceled'
        ? 'customer.subscription.deleted'
        : 'customer.subscription.updated',
      next,
    );
    return next;
  }

  private async newSubscription(session: Obj & { plan: Plan }, status: string) {
    const now = nowSeconds();
    const trial = status === 'trialing' ? session.plan.trialDays * DAY : 0;
    const end = now + (trial || (intervalSeconds[session.plan.interval] ?? 30 * DAY));
    const id = newId('sub');
    const sub = {
      id,
      object: 'subscription',
      customer: session.customer,
      status,
      cancel_at_period_end: false,
      created: now,
      start_date: now,
      trial_end: trial ? end : null,
      metadata: { userId: (session.metadata as { userId?: string }).userId },
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: {
              id: session.plan.priceId,
              object: 'price',
              unit_amount: session.plan.amount,
              currency: session.plan.currency,
              recurring: { interval: session.plan.interval },
            },
            quantity: 1,
            current_period_start: now,
            current_period_end: end,
          },
        ],
      },
    };
    await this.store.insert(id, 'subscription', sub);
    return sub;
  }

  private publicCheckout(session: Obj): Obj {
    const { plan: _plan, ...rest } = session;
    return rest;
  }

  private successUrl(session: Obj): string {
    return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id));
  }

  private async must<T extends Obj>(id: string): Promise<T> {
    const obj = await this.store.get<T>(id);
    if (!obj) throw new SandboxNotFound(id);
    return obj;
  }

  /** Sends an event the way Stripe does: signed JSON to the webhook endpoint. */
  private async emit(type: string, object: Obj): Promise<void> {
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: 'sandbox',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    try {
      await this.deliver(payload);
    } catch (err) {
      this.logger.error({ err: (err as Error).message, type }, 'sandbox webhook not delivered');
    }
  }
}

/** Posts signed webhooks to an endpoint, retrying a few times like Stripe would (sooner). */
export function httpDelivery(url: string, sign: (payload: string) => string): WebhookDelivery {
  return async (payload) => {
    let last = '';
    for (let attempt = 0; attempt < 4; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) return;
        last = `HTTP ${res.status}`;
      } catch (err) {
        last = (err as Error).message;
      }
    }
    throw new Error(`webhook delivery failed: ${last}`);
  };
}
