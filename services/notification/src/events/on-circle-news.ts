import type { EventEnvelope } from '@swapbooth/contracts';
import type { CircleNews } from '../domain/circle-news';

/** circle.proposed / accepted / dissolved → each member's notification and e-mail, once. */
export const onCircleNews =
  (news: CircleNews) =>
  async (e: EventEnvelope<'circle.proposed' | 'circle.accepted' | 'circle.dissolved'>) => {
    await news.handle(e);
  };
