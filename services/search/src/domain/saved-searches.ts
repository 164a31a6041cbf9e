import {
  SAVED_SEARCHES_PER_MEMBER,
  type CreateSavedSearchBody,
  type SavedSearchQuery,
  type UpdateSavedSearchBody,
} from '@swapbooth/contracts';
import { domainEvent } from '@swapbooth/event-bus';
import { AppError } from '@swapbooth/service-kit';
import { randomUUID } from 'node:crypto';
import { zipToPoint } from './geo';
import type { SavedSearchMatcher, SavedSearchStore, SearchMatchStore } from './ports';
import { indexedOf, summaryOf, type SavedSearch } from './saved-search';

/** A saved search with the number of listings matched since its owner last opened it. */
export interface SavedSearchView {
  search: SavedSearch;
  newMatches: number;
}

export interface SavedSearchesDeps {
  searches: SavedSearchStore;
  matches: SearchMatchStore;
  matcher: SavedSearchMatcher;
  now?: () => Date;
}

/** Drops the parameters a member left empty, so stored queries and events hold only real ones. */
function compactQuery(q: SavedSearchQuery): SavedSearchQuery {
  return Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== undefined && v !== ''),
  ) as SavedSearchQuery;
}

const facts = (s: SavedSearch) => ({
  searchId: s.id,
  memberId: s.memberId,
  name: s.name,
  query: s.query,
  alerts: s.alerts,
  version: s.version,
});

/** Attempts of a compare-and-set write before giving up on a saved search edited concurrently. */
const ATTEMPTS = 5;

/**
 * A member's saved searches: save (at most 50), list with new-match counts, rename or change
 * alerts, open (its matches count as seen) and delete. Every change raises its event and is put
 * into this replica's matcher at once; other replicas take it from the event.
 */
export class SavedSearches {
  private readonly now: () => Date;

  constructor(private readonly deps: SavedSearchesDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async list(memberId: string): Promise<SavedSearchView[]> {
    const mine = await this.deps.searches.listMine(memberId);
    return Promise.all(mine.map((search) => this.view(search)));
  }

  async create(memberId: string, body: CreateSavedSearchBody): Promise<SavedSearchView> {
    // As the search page would be told: a ZIP the data set does not know finds nothing.
    if (body.query.searchZip && !zipToPoint(body.query.searchZip)) {
      throw AppError.invalid('Unknown ZIP code', 'query.searchZip');
    }
    if (!(await this.deps.searches.reserve(memberId, SAVED_SEARCHES_PER_MEMBER))) {
      throw AppError.conflict(
        `You can keep at most ${SAVED_SEARCHES_PER_MEMBER} saved searches: delete one first`,
      );
    }
    const query = compactQuery(body.query);
    const now = this.now();
    const search: SavedSearch = {
      id: randomUUID().replace(/-/g, ''),
      memberId,
      name: body.name ?? summaryOf(query),
      query,
      alerts: body.alerts,
      version: 1,
      createdAt: now,
      updatedAt: now,
      lastOpenedAt: now,
    };
    try {
      await this.deps.searches.insert(search, [
        domainEvent('saved-search.created', search.id, facts(search)),
      ]);
    } catch (err) {
      await this.deps.searches.release(memberId);
      throw err;
    }
    this.index(search);
    return { search, newMatches: 0 };
  }

  async update(
    memberId: string,
    id: string,
    body: UpdateSavedSearchBody,
  ): Promise<SavedSearchView> {
    const search = await this.change(memberId, id, (s) => ({
      ...s,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.alerts !== undefined ? { alerts: body.alerts } : {}),
    }));
    return this.view(search);
  }

  /** Opens a saved search: what it matched so far counts as seen. */
  async open(memberId: string, id: string): Promise<SavedSearchView> {
    const search = await this.mine(memberId, id);
    const at = this.now();
    await this.deps.searches.markOpened(id, at);
    return { search: { ...search, lastOpenedAt: at }, newMatches: 0 };
  }

  async remove(memberId: string, id: string): Promise<void> {
    await this.change(memberId, id, (s) => ({ ...s, deletedAt: this.now() }));
    await this.deps.searches.release(memberId);
  }

  private async view(search: SavedSearch): Promise<SavedSearchView> {
    const since = search.lastOpenedAt ?? search.createdAt;
    return { search, newMatches: await this.deps.matches.countSince(search.id, since) };
  }

  private async mine(memberId: string, id: string): Promise<SavedSearch> {
    const search = await this.deps.searches.find(id);
    // Another member's search is as unknown as a missing one.
    if (!search || search.memberId !== memberId) throw AppError.notFound('Saved search not found');
    return search;
  }

  /** Writes the next state of the member's saved search with its event, retrying on races. */
  private async change(
    memberId: string,
    id: string,
    next: (s: SavedSearch) => SavedSearch,
  ): Promise<SavedSearch> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = await this.mine(memberId, id);
      const changed = { ...next(current), version: current.version + 1, updatedAt: this.now() };
      const event = changed.deletedAt
        ? domainEvent('saved-search.deleted', id, {
            searchId: id,
            memberId,
            version: changed.version,
          })
        : domainEvent('saved-search.updated', id, facts(changed));
      if (await this.deps.searches.replace(changed, current.version, [event])) {
        if (changed.deletedAt) this.deps.matcher.remove(id, changed.version);
        else this.index(changed);
        return changed;
      }
    }
    throw AppError.conflict('The saved search changed meanwhile: try again');
  }

  private index(search: SavedSearch): void {
    const indexed = indexedOf(search);
    if (indexed) this.deps.matcher.put(indexed);
  }
}

/** How far back each catch-up looks before the newest write it saw (clocks of replicas differ). */
const CATCH_UP_OVERLAP_MS = 30_000;
const CATCH_UP_BATCH = 1000;

/**
 * Keeps this replica's matcher in step with saved searches written through any replica: the
 * events reach only the replica consuming their partition, so each replica also reads what was
 * written since it last looked (versions make a search seen twice harmless). Returns the time to
 * look from next.
 */
export async function catchUpMatcher(
  deps: { searches: SavedSearchStore; matcher: SavedSearchMatcher },
  since: Date,
): Promise<Date> {
  let from = since;
  let newest = since.getTime() + CATCH_UP_OVERLAP_MS;
  for (;;) {
    const batch = await deps.searches.changedSince(from, CATCH_UP_BATCH);
    for (const s of batch) {
      if (s.deletedAt) deps.matcher.remove(s.id, s.version);
      else {
        const indexed = indexedOf(s);
        if (indexed) deps.matcher.put(indexed);
      }
      newest = Math.max(newest, s.updatedAt.getTime());
    }
    if (batch.length < CATCH_UP_BATCH) break;
    const last = batch[batch.length - 1]!.updatedAt;
    // Many writes in one millisecond: move on past it rather than read the same page again.
    from = last.getTime() > from.getTime() ? last : new Date(last.getTime() + 1);
  }
  return new Date(newest - CATCH_UP_OVERLAP_MS);
}
