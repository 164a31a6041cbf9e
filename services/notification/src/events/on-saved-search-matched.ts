import type { EventEnvelope } from '@swapbooth/contracts';
import type { SavedSearchNews } from '../domain/saved-search-news';

/** saved-search.matched → the member's alert (in-app, e-mail) or a place in their digest, once. */
export const onSavedSearchMatched =
  (news: SavedSearchNews) =>
  async ({ data }: EventEnvelope<'saved-search.matched'>): Promise<void> => {
    await news.matched(data);
  };
