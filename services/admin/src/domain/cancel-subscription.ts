import { AppError } from '@swapbooth/service-kit';
import { auditActions } from './audit';
import { attempt, audited, statusOf, type Actor, type ModerationDeps } from './moderation';

/** Cancels a member's subscription through payment. */
export async function cancelSubscription(
  deps: ModerationDeps,
  actor: Actor,
  subscriptionId: string,
  reason?: string,
) {
  const known = await deps.projection.subscriptionById(subscriptionId);
  let answer: unknown;
  try {
    answer = await attempt(
      deps,
      actor,
      {
        action: auditActions.subscriptionCancel,
        targetType: 'subscription',
        targetId: subscriptionId,
        reason,
        requested: { status: 'canceled' },
      },
      () => deps.calls.cancelSubscription(actor.token, subscriptionId),
    );
  } catch (err) {
    if (err instanceof AppError && err.details?.missingRoute) {
      throw AppError.unavailable(
        'Cancelling a subscription is not available yet: the payment service does not offer it',
      );
    }
    throw err;
  }
  const after = statusOf(answer) ?? 'canceled';
  const entry = await audited(deps, actor, {
    action: auditActions.subscriptionCancel,
    targetType: 'subscription',
    targetId: subscriptionId,
    ...(known ? { before: { status: known.status, user_id: known.userId } } : {}),
    after: { status: after },
    ...(reason ? { reason } : {}),
  });
  return { subscription_id: subscriptionId, status: after, audit_id: entry.id };
}
