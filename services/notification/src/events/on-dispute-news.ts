import type { EventEnvelope } from '@swapbooth/contracts';
import type { DisputeNews } from '../domain/dispute-news';

/** dispute.opened / answered / escalated / resolved → the parties' notifications, once each. */
export const onDisputeNews =
  (news: DisputeNews) =>
  async (
    e: EventEnvelope<
      'dispute.opened' | 'dispute.answered' | 'dispute.escalated' | 'dispute.resolved'
    >,
  ) => {
    await news.handle(e);
  };
