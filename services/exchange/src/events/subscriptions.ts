import { Topics } from '@swapbooth/contracts';
import type { Subscription } from '@swapbooth/event-bus';
import type { ExchangeDeps } from '../deps';
import { onBoothChanged } from '../math-trades/events/on-booth-changed';
import { onProductChanged } from './on-product-changed';
import { onProductDeleted } from './on-product-deleted';
import { onProposalAccepted } from '../proposals/events/on-proposal-accepted';
import { onSubscriptionChanged } from '../proposals/events/on-subscription-changed';
import { onMemberBlocked, onMemberUnblocked } from '../proposals/events/on-member-blocked';
import { onUserProfileUpdated } from '../shared/events/on-user-profile-updated';

/** Every topic the exchange service consumes, in one list. Handlers are safe to run twice. */
export const subscriptions = (deps: ExchangeDeps): Subscription[] => {
  const productChanged = onProductChanged(deps);
  const boothChanged = onBoothChanged(deps);
  return [
    {
      topic: Topics.product,
      handlers: {
        'product.created': productChanged,
        'product.updated': productChanged,
        'product.status-changed': productChanged,
        'product.deleted': onProductDeleted(deps),
      },
    },
    {
      topic: Topics.user,
      handlers: {
        'user.profile-updated': onUserProfileUpdated(deps),
        'member.blocked': onMemberBlocked(deps),
        'member.unblocked': onMemberUnblocked(deps),
      },
    },
    {
      topic: Topics.subscription,
      handlers: { 'subscription.changed': onSubscriptionChanged(deps) },
    },
    { topic: Topics.proposal, handlers: { 'proposal.accepted': onProposalAccepted(deps) } },
    {
      topic: Topics.booth,
      handlers: {
        'booth.created': boothChanged,
        'booth.updated': boothChanged,
        'booth.status-changed': boothChanged,
      },
    },
  ];
};
