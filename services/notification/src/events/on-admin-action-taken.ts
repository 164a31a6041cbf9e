import type { EventEnvelope } from '@swapbooth/contracts';
import { texts, type ListingModeration } from '../domain/notification';
import type { Notifier } from '../domain/notifier';
import type { ListingTitles } from '../domain/ports';

/** The admin service's action for PATCH /api/admin/products/{id}/status. */
const LISTING_STATUS_SET = 'product.status-set';

/** Catalog's status after the action, as the seller is told it (catalog hides as "suspended"). */
const outcomeOfStatus: Record<string, ListingModeration> = {
  published: 'published',
  suspended: 'hidden',
  hidden: 'hidden',
  removed: 'removed',
};

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

/** What the moderation did: the status the admin asked for, else the status the listing has now. */
function outcomeOf(after: unknown): ListingModeration | undefined {
  if (!after || typeof after !== 'object') return undefined;
  const { requested, status } = after as { requested?: unknown; status?: unknown };
  return outcomeOfStatus[text(requested) ?? ''] ?? outcomeOfStatus[text(status) ?? ''];
}

/**
 * admin.action-taken → listing_moderated for the seller when an admin publishes, hides or removes
 * their listing, once per event. Every other admin action is not a member's notification.
 */
export const onAdminActionTaken =
  (notifier: Notifier, titles: ListingTitles) =>
  async (e: EventEnvelope<'admin.action-taken'>): Promise<void> => {
    const d = e.data;
    if (d.targetType !== 'product' || d.action !== LISTING_STATUS_SET) return;
    const details = d.details ?? {};
    const sellerId = text(details.sellerId);
    const outcome = outcomeOf(details.after);
    if (!sellerId || !outcome) return;
    const [listing] = await titles.titles([d.targetId]);
    await notifier.create({
      id: `${e.id}:${sellerId}`,
      userId: sellerId,
      type: 'listing_moderated',
      ...texts.listing_moderated(outcome, listing, text(details.reason)),
      data: { product_id: d.targetId, status: outcome },
    });
  };
