import { Topics } from '@swapbooth/contracts';
import type { Subscription } from '@swapbooth/event-bus';
import type { CatalogDeps } from '../deps';
import { onDisputeOpened } from './on-dispute-opened';
import { onIdentityVerified } from './on-identity-verified';
import { onProposalAccepted } from './on-proposal-accepted';
import { onProposalCancelled } from './on-proposal-cancelled';
import { onProposalCompleted } from './on-proposal-completed';
import { onRatingCreated } from './on-rating-created';
import { onRatingRemoved } from './on-rating-removed';
import { onUserDefaultAddressChanged } from './on-user-default-address-changed';
import { onUserProfileUpdated } from './on-user-profile-updated';
import { onUserStatusChanged } from './on-user-status-changed';

/** Every topic the catalog service consumes, in one list. Handlers are safe to run twice. */
export const subscriptions = (deps: CatalogDeps): Subscription[] => {
  return [
    {
      topic: Topics.user,
      handlers: {
        'user.profile-updated': onUserProfileUpdated(deps),
        'user.default-address-changed': onUserDefaultAddressChanged(deps),
        'user.status-changed': onUserStatusChanged(deps),
      },
    },
    {
      topic: Topics.proposal,
      handlers: {
        'proposal.accepted': onProposalAccepted(deps),
        'proposal.completed': onProposalCompleted(deps),
        'proposal.cancelled': onProposalCancelled(deps),
        // Disputes travel on the proposal topic: their parties may read their photos.
        'dispute.opened': onDisputeOpened(deps),
      },
    },
    {
      topic: Topics.rating,
      handlers: {
        'rating.created': onRatingCreated(deps),
        'rating.removed': onRatingRemoved(deps),
      },
    },
    { topic: Topics.identity, handlers: { 'identity.verified': onIdentityVerified(deps) } },
  ];
};
