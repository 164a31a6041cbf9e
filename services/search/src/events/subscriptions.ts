import { Topics } from '@swapbooth/contracts';
import type { Subscription } from '@swapbooth/event-bus';
import type { SearchDeps } from '../deps';
import { onBoothChanged } from './on-booth-changed';
import { onIdentityVerified } from './on-identity-verified';
import { onProductChanged, onProductDeleted } from './on-product-changed';
import { onRatingCreated } from './on-rating-created';
import { onRatingRemoved } from './on-rating-removed';
import { onMemberBlockChanged } from './on-member-block-changed';
import { onSavedSearchChanged, onSavedSearchDeleted } from './on-saved-search-changed';
import { onUserDefaultAddressChanged } from './on-user-default-address-changed';
import { onUserProfileUpdated } from './on-user-profile-updated';
import { onUserStatusChanged } from './on-user-status-changed';

/**
 * Every topic the search service consumes, in one list. Handlers are safe to run twice and
 * ignore events older than what the projection holds.
 */
export const subscriptions = (deps: SearchDeps): Subscription[] => {
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
      topic: Topics.booth,
      handlers: {
        'booth.created': boothChanged,
        'booth.updated': boothChanged,
        'booth.status-changed': boothChanged,
      },
    },
    {
      topic: Topics.user,
      handlers: {
        'user.profile-updated': onUserProfileUpdated(deps),
        'user.default-address-changed': onUserDefaultAddressChanged(deps),
        'user.status-changed': onUserStatusChanged(deps),
        'member.blocked': onMemberBlockChanged(deps),
        'member.unblocked': onMemberBlockChanged(deps),
      },
    },
    { topic: Topics.identity, handlers: { 'identity.verified': onIdentityVerified(deps) } },
    {
      topic: Topics.rating,
      handlers: {
        'rating.created': onRatingCreated(deps),
        'rating.removed': onRatingRemoved(deps),
      },
    },
    {
      topic: Topics.savedSearch,
      handlers: {
        'saved-search.created': onSavedSearchChanged(deps),
        'saved-search.updated': onSavedSearchChanged(deps),
        'saved-search.deleted': onSavedSearchDeleted(deps),
      },
    },
  ];
};
