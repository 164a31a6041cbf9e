import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import type { PaymentConfig } from './config';
import { subscriptions } from './events/subscriptions';
import { buildDeps, type PaymentDeps } from './deps';
import { accountModel } from './data/accounts/account.model';
import { ownerLinkModel } from './data/links/owner-links.repository';
import { webhookEventModel } from './data/webhook-events/webhook-ledger.repository';
import { sandboxModel } from './adapters/sandbox/sandbox-store';
import { httpDelivery } from './adapters/sandbox/sandbox-provider';
import { stripeRoutes } from './api/stripe/stripe.routes';
import { webhookRoutes } from './api/webhook/webhook.routes';
import { sandboxRoutes } from './api/sandbox/sandbox.routes';
import { internalRoutes } from './api/internal/internal.routes';

export type PaymentOverrides = RuntimeOverrides;

/** Starts the payment service: its database, event plumbing and HTTP API. */
export async function startPaymentService(
  config: Readonly<PaymentConfig>,
  overrides: PaymentOverrides = {},
): Promise<RunningService<PaymentConfig, PaymentDeps>> {
  const running = await startServiceRuntime({
    name: 'payment',
    config,
    models: (conn) => {
      ownerLinkModel(conn);
      webhookEventModel(conn);
      sandboxModel(conn);
      return [accountModel(conn)];
    },
    deps: buildDeps,
    subscriptions,
    // The webhook's signature is over the raw body: its route comes before the JSON parser.
    beforeBody: (app, deps) => {
      app.use(webhookRoutes(deps));
    },
    routes: (app, deps, ctx) => {
      app.use(stripeRoutes(ctx, deps));
      app.use(internalRoutes(ctx, deps));
      if (deps.sandbox) app.use(sandboxRoutes(deps.sandbox, config.APP_URL));
    },
    ...overrides,
  });
  const { sandbox, webhookVerifier } = running.deps;
  if (sandbox) {
    // The sandbox delivers its webhooks like Stripe: signed, over HTTP, to the endpoint.
    const self = running.url.replace('://0.0.0.0:', '://127.0.0.1:');
    sandbox.deliverWith(
      httpDelivery(config.SANDBOX_WEBHOOK_URL ?? `${self}/api/stripe/webhook`, (payload) =>
        webhookVerifier.sign(payload),
      ),
    );
  }
  return running;
}
