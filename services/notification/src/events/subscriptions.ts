import { Topics } from '@swapbooth/contracts';
import type { Subscription } from '@swapbooth/event-bus';
import type { NotificationDeps } from '../deps';
import { onOtpRequested } from './on-otp-requested';
import { onPasswordResetRequested } from './on-password-reset-requested';
import { onSignInLinkRequested } from './on-sign-in-link-requested';
import { onProposalStep, onShippingUpdated, onTradeClock } from './on-proposal-step';
import { onChatMessageSent } from './on-chat-message-sent';
import {
  onIdentityVerified,
  onRatingCreated,
  onSubscriptionChanged,
  onUserFollowed,
} from './on-member-news';
import { onProductChanged, onUserEmail, onUserProfileUpdated } from './on-directory-facts';
import { onAdminActionTaken } from './on-admin-action-taken';
import { onAdminPasswordResetRequested } from './on-admin-password-reset-requested';
import { onCircleNews } from './on-circle-news';
import { onSavedSearchMatched } from './on-saved-search-matched';
import { onDisputeNews } from './on-dispute-news';

/** Every topic the notification service consumes, in one list. */
export const subscriptions = (d: NotificationDeps): Subscription[] => {
  const step = onProposalStep(d.steps);
  return [
    {
      topic: Topics.authEmail,
      handlers: {
        'auth.otp-requested': onOtpRequested(d.delivery),
        'auth.password-reset-requested': onPasswordResetRequested(d.delivery),
        'auth.sign-in-link-requested': onSignInLinkRequested(d.delivery),
      },
    },
    {
      topic: Topics.proposal,
      handlers: {
        'proposal.created': step,
        'proposal.countered': step,
        'proposal.accepted': step,
        'proposal.rejected': step,
        'proposal.cancelled': step,
        'proposal.expired': step,
        'proposal.unavailable': step,
        'proposal.completed': step,
        'proposal.shipping-updated': onShippingUpdated(d.steps),
        'proposal.ship-reminder': onTradeClock(d.steps),
        'proposal.ship-overdue': onTradeClock(d.steps),
        'proposal.ship-extended': onTradeClock(d.steps),
        'proposal.delivery-assumed': onTradeClock(d.steps),
        'proposal.report-window-opened': onTradeClock(d.steps),
        'dispute.opened': onDisputeNews(d.disputes),
        'dispute.answered': onDisputeNews(d.disputes),
        'dispute.escalated': onDisputeNews(d.disputes),
        'dispute.resolved': onDisputeNews(d.disputes),
      },
    },
    {
      topic: Topics.circle,
      handlers: {
        'circle.proposed': onCircleNews(d.circles),
        'circle.accepted': onCircleNews(d.circles),
        'circle.dissolved': onCircleNews(d.circles),
      },
    },
    { topic: Topics.chat, handlers: { 'chat.message-sent': onChatMessageSent(d.notifier) } },
    { topic: Topics.rating, handlers: { 'rating.created': onRatingCreated(d.notifier) } },
    {
      topic: Topics.user,
      handlers: {
        'user.registered': onUserEmail(d.members),
        'user.email-verified': onUserEmail(d.members),
        'user.profile-updated': onUserProfileUpdated(d.members),
        'user.followed': onUserFollowed(d.notifier),
      },
    },
    {
      topic: Topics.product,
      handlers: {
        'product.created': onProductChanged(d.titles),
        'product.updated': onProductChanged(d.titles),
        'product.status-changed': onProductChanged(d.titles),
      },
    },
    {
      topic: Topics.subscription,
      handlers: {
        'subscription.changed': onSubscriptionChanged(d.notifier, d.members, d.tradeEmails),
      },
    },
    { topic: Topics.identity, handlers: { 'identity.verified': onIdentityVerified(d.notifier) } },
    {
      topic: Topics.savedSearch,
      handlers: { 'saved-search.matched': onSavedSearchMatched(d.savedSearches) },
    },
    {
      topic: Topics.admin,
      handlers: {
        'admin.action-taken': onAdminActionTaken(d.notifier, d.titles),
        'admin.password-reset-requested': onAdminPasswordResetRequested(d.delivery),
      },
    },
  ];
};
