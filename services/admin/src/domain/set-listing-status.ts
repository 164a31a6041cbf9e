import { auditActions } from './audit';
import { audited, statusOf, type Actor, type ModerationDeps } from './moderation';

/** What the console's 'hidden' means in the catalog: an admin suspension, reversible by publishing. */
export const catalogStatusFor = {
  published: 'published',
  hidden: 'suspended',
  removed: 'removed',
} as const;
export type ListingModeration = keyof typeof catalogStatusFor;

/** Publishes, hides (catalog: suspended) or removes a listing through catalog. */
export async function setListingStatus(
  deps: ModerationDeps,
  actor: Actor,
  productId: string,
  status: ListingModeration,
  reason?: string,
) {
  const known = await deps.projection.listing(productId);
  const before = known?.status;
  const answer = await deps.calls.setProductStatus(
    actor.token,
    productId,
    catalogStatusFor[status],
  );
  const after = statusOf(answer) ?? catalogStatusFor[status];
  const entry = await audited(deps, actor, {
    action: auditActions.productStatus,
    targetType: 'product',
    targetId: productId,
    ...(before ? { before: { status: before } } : {}),
    after: { status: after, requested: status },
    ...(reason ? { reason } : {}),
    // Who to tell: the seller (admin.action-taken carries it for the notification service).
    ...(known ? { details: { sellerId: known.sellerId } } : {}),
  });
  return {
    product_id: productId,
    status: after,
    requested: status,
    previous_status: before ?? null,
    audit_id: entry.id,
  };
}
