import express, { Router } from 'express';
import { AppError, handle } from '@swapbooth/service-kit';
import type { PaymentDeps } from '../../deps';

/**
 * POST /api/stripe/webhook, mounted before the JSON parser: the signature is over the raw bytes.
 * A missing, wrong or stale signature is a 400 and changes nothing.
 */
export function webhookRoutes(deps: PaymentDeps): Router {
  const r = Router();
  r.post(
    '/api/stripe/webhook',
    express.raw({ type: () => true, limit: '1mb' }),
    handle(async (req, res) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event;
      try {
        event = deps.webhookVerifier.verify(raw, req.header('stripe-signature'));
      } catch (err) {
        deps.logger.warn({ err: (err as Error).message }, 'webhook refused');
        throw AppError.invalid('Webhook signature verification failed', 'stripe-signature');
      }
      const outcome = await deps.webhooks.process(event);
      res.json({ received: true, outcome });
    }),
  );
  return r;
}
