import { Topics } from '@swapbooth/contracts';
import type { Subscription } from '@swapbooth/event-bus';
import type { ChatDeps } from '../deps';
import { onBoothChanged } from './on-booth-status-changed';
import { onProposalAccepted, onProposalCountered, onProposalCreated } from './on-proposal-created';
import { onSubscriptionChanged } from './on-subscription-changed';
import { onMemberBlockChanged } from './on-member-blocked';
import { onDisputeNews } from './on-dispute-news';

/** Every topic the chat service consumes, in one list. */
export const subscriptions = ({
  conversations,
  stores,
  entitlements,
  blocks,
  transcripts,
}: ChatDeps): Subscription[] => [
  {
    topic: Topics.proposal,
    handlers: {
      'proposal.created': onProposalCreated(conversations),
      'proposal.countered': onProposalCountered(conversations),
      'proposal.accepted': onProposalAccepted(conversations),
      'dispute.opened': onDisputeNews(transcripts.windows),
      'dispute.resolved': onDisputeNews(transcripts.windows),
    },
  },
  {
    topic: Topics.booth,
    handlers: {
      'booth.created': onBoothChanged(stores),
      'booth.updated': onBoothChanged(stores),
      'booth.status-changed': onBoothChanged(stores),
    },
  },
  {
    topic: Topics.subscription,
    handlers: { 'subscription.changed': onSubscriptionChanged(entitlements) },
  },
  {
    topic: Topics.user,
    handlers: {
      'member.blocked': onMemberBlockChanged(blocks),
      'member.unblocked': onMemberBlockChanged(blocks),
    },
  },
];
