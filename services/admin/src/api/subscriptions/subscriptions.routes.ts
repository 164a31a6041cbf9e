import { parse } from '@swapbooth/service-kit';
import {
  adminCancelSubscriptionBody as cancelBody,
  adminSubscriptionsQuery as subscriptionsQuery,
} from '@swapbooth/contracts';
import type { SubscriptionRow } from '../../domain/projection';
import { cancelSubscription } from '../../domain/cancel-subscription';
import { paymentProviderStatus } from '../../domain/payment-provider-status';
import type { AdminDeps } from '../../deps';
import type { AdminRoutes } from '../admin-routes';
import { actorOf, idParam, ok, pageOf } from '../http';

const subscriptionView = (s: SubscriptionRow) => ({
  user_id: s.userId,
  subscription_id: s.subscriptionId ?? null,
  customer_id: s.customerId ?? null,
  status: s.status,
  current_period_end: s.currentPeriodEnd ?? null,
  updated_at: s.updatedAt.toISOString(),
});

/** Subscriptions as payment last announced them; cancelling is payment's internal call. */
export function subscriptionsRoutes(r: AdminRoutes, deps: AdminDeps) {
  r.add('get', '/api/admin/subscriptions', 'subscriptions', async (req, res) => {
    const { user, ...q } = parse(subscriptionsQuery, req.query, 'query');
    const found = await deps.projection.subscriptions({ ...q, ...(user ? { userId: user } : {}) });
    ok(res, pageOf('subscriptions', { ...found, items: found.items.map(subscriptionView) }));
  });
  r.add('patch', '/api/admin/subscriptions/:id/cancel', 'subscriptions', async (req, res) => {
    const id = parse(idParam, req.params.id, 'id');
    const body = parse(cancelBody, req.body ?? {});
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await cancelSubscription(deps.moderation, actor, id, body.reason));
  });
  r.add('get', '/api/admin/test-stripe', 'subscriptions', async (req, res) => {
    const actor = await actorOf(req, deps.adminUsers);
    ok(res, await paymentProviderStatus(deps.moderation, actor));
  });
}
