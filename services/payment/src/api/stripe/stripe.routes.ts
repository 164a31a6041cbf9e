import { Router } from 'express';
import { handle, optionalAuth, requireAuth } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { PaymentDeps } from '../../deps';
import { stripeController } from './stripe.controller';

/** Plans, Checkout, subscriptions, identity verification and the members' payment data. */
export function stripeRoutes(ctx: ServiceContext, deps: PaymentDeps): Router {
  const r = Router();
  const c = stripeController(deps);
  const member = requireAuth(ctx.memberTokens);

  r.get('/api/stripe/plans', handle(c.plans));
  r.post('/api/stripe/create-checkout-session', member, handle(c.createCheckoutSession));
  r.get('/api/stripe/subscriptions/:customerId', member, handle(c.subscriptions));
  r.post('/api/stripe/subscriptions/cancel', member, handle(c.cancel));
  r.post('/api/stripe/create-verification-session', member, handle(c.createVerificationSession));
  r.get('/api/stripe/verify-session-status/:id', member, handle(c.verifySessionStatus));
  r.post('/api/stripe/process-verification-success', member, handle(c.processVerificationSuccess));
  // Public (the ID Verified badge); the member's own call also gets their customer and status.
  r.get('/api/user-stripe-data/:userId', optionalAuth(ctx.memberTokens), handle(c.userStripeData));
  return r;
}
