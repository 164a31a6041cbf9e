import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';
import { indexedOf } from '../domain/saved-search';

/**
 * A saved search was created or changed (on any replica): this replica's matcher indexes it. The
 * replica that wrote it did so already; an older version changes nothing.
 */
export const onSavedSearchChanged =
  (deps: Pick<SearchDeps, 'matcher'>) =>
  async ({ data }: EventEnvelope<'saved-search.created' | 'saved-search.updated'>) => {
    const indexed = indexedOf({
      id: data.searchId,
      memberId: data.memberId,
      version: data.version,
      query: data.query,
    });
    if (indexed) deps.matcher.put(indexed);
    else deps.matcher.remove(data.searchId, data.version);
  };

/** A saved search was deleted: it matches nothing from now on. */
export const onSavedSearchDeleted =
  (deps: Pick<SearchDeps, 'matcher'>) =>
  async ({ data }: EventEnvelope<'saved-search.deleted'>) => {
    deps.matcher.remove(data.searchId, data.version);
  };
