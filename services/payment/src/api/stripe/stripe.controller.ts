import type { Request, Response } from 'express';
import { assertSelf, parse, principalOf } from '@swapbooth/service-kit';
import type { PaymentDeps } from '../../deps';
import { idField } from '../http';
import { ownPaymentData, planView, publicPaymentData, subscriptionView } from './presenters';
import {
  cancelBody,
  checkoutBody,
  processVerificationBody,
  verificationBody,
} from './stripe.schemas';

/** HTTP in and out for subscriptions and identity verification; every id must be the caller's. */
export function stripeController({ payments, logger }: PaymentDeps) {
  return {
    plans(_req: Request, res: Response) {
      res.json({ success: true, data: payments.plans().map(planView) });
    },

    async createCheckoutSession(req: Request, res: Response) {
      const body = parse(checkoutBody, req.body);
      const userId = assertSelf(req, body.userId);
      const session = await payments.createCheckoutSession(userId, body.customerId, body.priceId);
      res.json({ success: true, url: session.url, sessionId: session.id, data: session });
    },

    async subscriptions(req: Request, res: Response) {
      const customerId = parse(idField, req.params.customerId, 'customerId');
      const list = await payments.subscriptions(principalOf(req).userId, customerId);
      res.json({
        success: true,
        subscriptions: list.map((s) => subscriptionView(s, payments.plans())),
      });
    },

    async cancel(req: Request, res: Response) {
      const { subscriptionId } = parse(cancelBody, req.body);
      const sub = await payments.cancelSubscription(principalOf(req).userId, subscriptionId);
      res.json({
        success: true,
        message: 'Your subscription will end at the end of the current period',
        data: {
          id: sub.id,
          status: sub.status,
          cancel_at_period_end: sub.cancelAtPeriodEnd,
          current_period_end: sub.currentPeriodEnd,
        },
      });
    },

    async createVerificationSession(req: Request, res: Response) {
      const body = parse(verificationBody, req.body);
      const userId = assertSelf(req, body.userId);
      const session = await payments.createVerificationSession(userId, body.cusId);
      res.json({ success: true, url: session.url, sessionId: session.id, data: session });
    },

    async verifySessionStatus(req: Request, res: Response) {
      const id = parse(idField, req.params.id, 'id');
      const { session, account } = await payments.verificationStatus(principalOf(req).userId, id);
      res.json({
        success: true,
        data: {
          id: session.id,
          status: session.status,
          verified: account.kycVerified,
          last_error: session.lastError ?? null,
        },
      });
    },

    async processVerificationSuccess(req: Request, res: Response) {
      const body = parse(processVerificationBody, req.body);
      const userId = assertSelf(req, body.userId);
      const { session, account } = await payments.verificationStatus(userId, body.sessionId);
      res.json({
        success: true,
        data: {
          id: session.id,
          status: session.status,
          is_kyc_verified: account.kycVerified,
          last_error: session.lastError ?? null,
        },
      });
    },

    async userStripeData(req: Request, res: Response) {
      const userId = parse(idField, req.params.userId, 'userId');
      const own = req.principal?.userId === userId;
      let account = await payments.account(userId);
      if (own && !account?.customerId) {
        // Registered before payment heard of it (or its provider call failed): make up for it now.
        account = await payments.ensureCustomer(userId).catch((err: unknown) => {
          logger.warn({ err: (err as Error).message }, 'customer not created');
          return account;
        });
      }
      res.json({
        success: true,
        data: own
          ? ownPaymentData(userId, account, payments.plans())
          : publicPaymentData(userId, account),
      });
    },
  };
}
