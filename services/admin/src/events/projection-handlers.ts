import type { EventEnvelope, EventType } from '@swapbooth/contracts';
import { proposalStatusAfter } from '../domain/projection';
import type { ProjectionRepositories } from '../data/projection/projection.reader';

type Apply = (e: EventEnvelope) => Promise<void>;
const at = (e: EventEnvelope) => new Date(e.occurredAt);
const as = <K extends EventType>(e: EventEnvelope) => e as EventEnvelope<K>;

/**
 * What each event does to the dashboard's projection. Handlers set facts keyed by the aggregate
 * id (never add to counts), so a re-delivery, on top of the consumer's once-per-event-id record,
 * leaves the projection as it was.
 */
export function projectionHandlers(p: ProjectionRepositories): Partial<Record<EventType, Apply>> {
  const proposal: Apply = async (e) => {
    const status = proposalStatusAfter[e.type];
    const data = e.data as { proposalId: string };
    if (status) await p.proposals.changed(data.proposalId, status, at(e));
  };
  return {
    'user.registered': (e) => p.members.registered(as<'user.registered'>(e).data, at(e)),
    'user.profile-updated': (e) => p.members.profileUpdated(as<'user.profile-updated'>(e).data),
    'user.status-changed': (e) => p.members.statusChanged(as<'user.status-changed'>(e).data, at(e)),
    'identity.verified': (e) => p.members.verified(as<'identity.verified'>(e).data),
    'product.created': (e) => p.listings.changed(as<'product.created'>(e).data),
    'product.updated': (e) => p.listings.changed(as<'product.updated'>(e).data),
    'product.status-changed': (e) => p.listings.changed(as<'product.status-changed'>(e).data),
    'product.deleted': (e) => p.listings.deleted(as<'product.deleted'>(e).data),
    'proposal.created': proposal,
    'proposal.countered': proposal,
    'proposal.accepted': proposal,
    'proposal.rejected': proposal,
    'proposal.cancelled': proposal,
    'proposal.expired': proposal,
    'proposal.unavailable': proposal,
    'proposal.completed': proposal,
    'dispute.opened': proposal,
    'subscription.changed': (e) =>
      p.subscriptions.changed(as<'subscription.changed'>(e).data, at(e)),
    'report.filed': (e) => p.reports.filed(as<'report.filed'>(e).data, at(e)),
  };
}
