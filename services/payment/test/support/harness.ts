import { Topics } from '@swapbooth/contracts';
import { createHmac } from 'node:crypto';
import {
  eventually,
  newMember,
  startServiceUnderTest,
  type TestMember as Member,
  type Api,
  type Env,
  type EventTap,
  type Loose,
} from '@swapbooth/test-kit';
import { loadPaymentConfig, type PaymentConfig } from '../../src/config';
import type { PaymentDeps } from '../../src/deps';
import { startPaymentService } from '../../src/service';

export const WEBHOOK_SECRET = 'whsec_test_payment_component';

export { newMember, type Member };

/** A Stripe-Signature header for a payload, signed with a secret at a time (seconds). */
export function signature(
  payload: string,
  secret = WEBHOOK_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface Harness {
  api: Api;
  tap: EventTap;
  config: Readonly<PaymentConfig>;
  deps: PaymentDeps;
  url: string;
  /** Publishes user.registered and waits until the member has a customer. */
  register(m: Member): Promise<string>;
  /** The member's own payment data (what GET /api/profile shows as stripe_data). */
  stripeData(m: Member): Promise<Loose>;
  /** Posts a raw webhook payload with a signature header (or none). */
  webhook(payload: string, sig?: string): Promise<{ status: number; body: Loose }>;
  stop(): Promise<void>;
}

/**
 * Starts payment in this process against the real servers, with its own database and topics.
 * Without STRIPE_SECRET_KEY in `env` it runs the sandbox provider (PAYMENT_SANDBOX); with it,
 * Stripe's API at STRIPE_API_BASE (stripe-mock).
 */
export async function startPayment(env: Env = {}): Promise<Harness> {
  const sut = await startServiceUnderTest({
    name: 'payment',
    loadConfig: loadPaymentConfig,
    start: startPaymentService,
    env: {
      STRIPE_SECRET_KEY: undefined,
      PAYMENT_SANDBOX: 'true',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      APP_URL: 'http://app.test',
      ...env,
    },
  });
  const tap = await sut.tap([Topics.subscription, Topics.identity]);
  const { api, config, service, url } = sut;
  return {
    api,
    tap,
    config,
    deps: service.deps,
    url,
    async register(m) {
      await tap.publish('user.registered', m.id, {
        userId: m.id,
        email: m.email,
        authMethod: 'email',
      });
      // Read from the service's own store: the member's GET would create a missing customer itself.
      return eventually(async () => (await service.deps.payments.account(m.id))?.customerId, 20000);
    },
    async stripeData(m) {
      const r = await api.get(`/api/user-stripe-data/${m.id}`, m.token);
      return r.body.data;
    },
    async webhook(payload, sig) {
      const res = await fetch(`${url}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(sig ? { 'stripe-signature': sig } : {}),
        },
        body: payload,
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Loose) : undefined };
    },
    stop: sut.stop,
  };
}
