import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '@swapbooth/runtime';
import { runsSandbox, type PaymentConfig } from './config';
import { AccountsRepository } from './data/accounts/accounts.repository';
import { OwnerLinksRepository } from './data/links/owner-links.repository';
import { WebhookLedgerRepository } from './data/webhook-events/webhook-ledger.repository';
import { SandboxProvider } from './adapters/sandbox/sandbox-provider';
import { SandboxStore } from './adapters/sandbox/sandbox-store';
import { StripeProvider, StripeWebhookVerifier, stripeClient } from './adapters/stripe-provider';
import { Payments } from './domain/payments';
import type { PaymentProvider } from './domain/ports';
import { WebhookProcessor } from './domain/webhooks';

/** Everything the routes and event handlers use, wired once per running service. */
export function buildDeps(ctx: ServiceContext<PaymentConfig>) {
  const c = ctx.config;
  const live = Boolean(c.STRIPE_SECRET_KEY);
  // The config refuses this; a definition built past it must not fall back to the sandbox either.
  if (!live && !runsSandbox(c)) throw new Error('STRIPE_SECRET_KEY is not set');
  // The client verifies and signs webhooks; without a key (sandbox) it never calls the API.
  const stripe = stripeClient({
    secretKey: c.STRIPE_SECRET_KEY ?? 'sk_test_sandbox',
    ...(c.STRIPE_API_BASE ? { apiBase: c.STRIPE_API_BASE } : {}),
  });
  if (!c.STRIPE_WEBHOOK_SECRET) {
    ctx.logger.warn(
      live
        ? 'STRIPE_WEBHOOK_SECRET is not set: no webhook from Stripe will be accepted'
        : 'payments run in the local sandbox (PAYMENT_SANDBOX=true): no real payment',
    );
  }
  const webhookVerifier = new StripeWebhookVerifier(
    stripe,
    c.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`,
    c.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
  );
  const sandbox = live
    ? undefined
    : new SandboxProvider(
        new SandboxStore(ctx.conn),
        `${c.APP_URL}/api/stripe/sandbox`,
        ctx.logger,
      );
  const provider: PaymentProvider = sandbox ?? new StripeProvider(stripe);
  const accounts = new AccountsRepository(ctx.conn, ctx.eventsWritten);
  const links = new OwnerLinksRepository(ctx.conn);
  const payments = new Payments({
    accounts,
    links,
    provider,
    plans: c.PAYMENT_PLANS,
    appUrl: c.APP_URL,
    now: () => new Date(),
  });
  return {
    config: c,
    logger: ctx.logger,
    provider,
    /** Present when the local sandbox stands in for Stripe. */
    sandbox,
    webhookVerifier,
    payments,
    webhooks: new WebhookProcessor(payments, new WebhookLedgerRepository(ctx.conn)),
  };
}

export type PaymentDeps = ReturnType<typeof buildDeps>;
