import { Router } from 'express';
import { handle, parse, requireAuth, requirePermission } from '@swapbooth/service-kit';
import type { ServiceContext } from '@swapbooth/runtime';
import type { PaymentDeps } from '../../deps';
import { idField } from '../http';

/**
 * Calls made by the admin service with the acting admin's token (never exposed by the gateway):
 * ending a subscription and checking the provider. Both need the subscriptions permission.
 */
export function internalRoutes(ctx: ServiceContext, { payments }: PaymentDeps): Router {
  const r = Router();
  r.use('/internal', requireAuth(ctx.adminTokens), requirePermission('subscriptions'));

  r.get(
    '/internal/provider',
    handle(async (_req, res) => {
      res.json({ success: true, data: await payments.providerStatus() });
    }),
  );
  r.post(
    '/internal/subscriptions/:id/cancel',
    handle(async (req, res) => {
      const id = parse(idField, req.params.id, 'id');
      const sub = await payments.cancelSubscriptionNow(id);
      res.json({
        success: true,
        data: { id: sub.id, status: sub.status, current_period_end: sub.currentPeriodEnd },
      });
    }),
  );
  return r;
}
