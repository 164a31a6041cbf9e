import { PeriodicJob, type ServiceContext } from '@swapbooth/runtime';
import type { SearchConfig } from './config';
import { BoothsRepository } from './data/booths/booths.repository';
import { ListingsRepository } from './data/listings/listings.repository';
import { SellersRepository } from './data/sellers/sellers.repository';
import { SavedSearchesRepository } from './data/saved-searches/saved-searches.repository';
import { SearchMatchesRepository } from './data/search-matches/search-matches.repository';
import { MemberBlocksRepository } from './data/member-blocks/member-blocks.repository';
import { IndexWriter } from './domain/index-writer';
import { ListingProjector } from './domain/listing-projector';
import { SavedSearchAlerts } from './domain/saved-search-alerts';
import { catchUpMatcher, SavedSearches } from './domain/saved-searches';
import { createSearchEngine } from './adapters/engine';
import { ReverseSearchIndex } from './adapters/alert-index/reverse-index';

/** Everything the routes, handlers and scripts use, wired once per running service. */
export function buildDeps(
  ctx: Pick<ServiceContext<SearchConfig>, 'config' | 'conn' | 'logger'> &
    Partial<Pick<ServiceContext<SearchConfig>, 'eventsWritten'>>,
) {
  const engine = createSearchEngine({
    meiliUrl: ctx.config.MEILI_URL,
    meiliApiKey: ctx.config.MEILI_API_KEY,
    indexName: ctx.config.SEARCH_INDEX,
    inProcess: ctx.config.SEARCH_ENGINE,
  });
  const listings = new ListingsRepository(ctx.conn);
  const sellers = new SellersRepository(ctx.conn);
  const booths = new BoothsRepository(ctx.conn);
  const index = new IndexWriter(engine);
  // Read when called: the runtime sets it once the event plumbing runs.
  const eventsWritten = () => ctx.eventsWritten?.();
  const savedSearchStore = new SavedSearchesRepository(ctx.conn, eventsWritten);
  const matches = new SearchMatchesRepository(ctx.conn, eventsWritten);
  const matcher = new ReverseSearchIndex();
  // Where the next catch-up reads from: the fill at start reads everything before it.
  let syncFrom = new Date();
  const blocks = new MemberBlocksRepository(ctx.conn);
  const alerts = new SavedSearchAlerts({
    matcher,
    searches: savedSearchStore,
    matches,
    blocks,
    logger: ctx.logger,
  });
  return {
    config: ctx.config,
    logger: ctx.logger,
    engine,
    listings,
    sellers,
    booths,
    index,
    projector: new ListingProjector({
      listings,
      sellers,
      booths,
      index,
      listed: (docs) => alerts.listed(docs),
    }),
    savedSearchStore,
    matches,
    matcher,
    blocks,
    alerts,
    savedSearches: new SavedSearches({ searches: savedSearchStore, matches, matcher }),
    /** Reads saved searches other replicas wrote (started once the matcher is filled). */
    matcherSync: new PeriodicJob(
      'saved-search-sync',
      ctx.config.SAVED_SEARCH_SYNC_MS,
      async () => {
        syncFrom = await catchUpMatcher({ searches: savedSearchStore, matcher }, syncFrom);
      },
      ctx.logger,
    ),
  };
}

export type SearchDeps = ReturnType<typeof buildDeps>;
