import {
  startServiceRuntime,
  type RunningService,
  type RuntimeOverrides,
} from '@swapbooth/runtime';
import { inProcessEngineProblem, type SearchConfig } from './config';
import { searchRoutes } from './api/search/search.routes';
import { savedSearchesRoutes } from './api/saved-searches/saved-searches.routes';
import { boothModel } from './data/booths/booth.model';
import { listingModel } from './data/listings/listing.model';
import { sellerModel } from './data/sellers/seller.model';
import { savedSearchModel, savedSearchOwnerModel } from './data/saved-searches/saved-search.model';
import { searchMatchModel } from './data/search-matches/search-match.model';
import { memberBlockModel } from './data/member-blocks/member-block.model';
import { indexedOf } from './domain/saved-search';
import { buildDeps, type SearchDeps } from './deps';
import { isInProcess } from './adapters/engine';
import { subscriptions } from './events/subscriptions';

export type SearchOverrides = RuntimeOverrides;

/**
 * The in-process engine lives in this replica's memory, so it is filled from the projection at
 * every start. Meilisearch keeps its index between starts; `npm run search:reindex` refills it.
 * Run one replica with the in-process engine: replicas share the consumer group's partitions, so
 * each would see only part of the events (SEARCH_REPLICAS above 1 without MEILI_URL is refused).
 * Meilisearch is shared, so any number of replicas can.
 */
async function prepareIndex({ engine, projector, listings, logger }: SearchDeps): Promise<void> {
  if (isInProcess(engine)) {
    const started = Date.now();
    const indexed = await projector.indexAll();
    logger.info({ indexed, ms: Date.now() - started }, 'search index filled from the projection');
    return;
  }
  try {
    if ((await engine.count()) > 0) return;
  } catch (err) {
    // Not fatal: readiness reports the engine until it answers, and events retry meanwhile.
    logger.warn({ err: (err as Error).message }, 'search engine not reachable at start');
    return;
  }
  for await (const batch of listings.allProducts(1)) {
    if (batch.length > 0) {
      logger.warn('the search index is empty but listings are stored: run the reindex script');
    }
    break;
  }
}

/**
 * Fills this replica's saved-search matcher from the collection; events keep it current after
 * (those handled meanwhile carry newer versions, which a stored older one does not undo).
 */
async function fillMatcher({ matcher, savedSearchStore, logger }: SearchDeps): Promise<void> {
  const started = Date.now();
  for await (const batch of savedSearchStore.all(1000)) {
    for (const search of batch) {
      const indexed = indexedOf(search);
      if (indexed) matcher.put(indexed);
    }
  }
  matcher.filled();
  logger.info({ searches: matcher.size, ms: Date.now() - started }, 'saved searches indexed');
}

/** Starts the search service: its database, event plumbing and HTTP API. */
export function startSearchService(
  config: Readonly<SearchConfig>,
  overrides: SearchOverrides = {},
): Promise<RunningService<SearchConfig, SearchDeps>> {
  // Checked again here for configurations built without loadSearchConfig, before anything connects.
  const problem = inProcessEngineProblem(config);
  if (problem) return Promise.reject(new Error(problem));
  return startServiceRuntime({
    name: 'search',
    config,
    models: (conn) => {
      listingModel(conn);
      sellerModel(conn);
      boothModel(conn);
      savedSearchOwnerModel(conn);
      memberBlockModel(conn);
      return [savedSearchModel(conn), searchMatchModel(conn)];
    },
    deps: buildDeps,
    subscriptions,
    onStart: async (deps) => {
      await fillMatcher(deps);
      deps.matcherSync.start();
      await prepareIndex(deps);
    },
    readiness: ({ engine }) => ({ engine: () => engine.ready() }),
    routes: (app, deps, ctx) => {
      // Results change with every listing edit and are not fetched conditionally: an ETag would
      // only add a hash of every ~20 KB page to each request.
      app.set('etag', false);
      app.use(searchRoutes(ctx, deps));
      app.use(savedSearchesRoutes(ctx, deps));
    },
    onStop: async ({ index, engine, matcherSync }) => {
      await matcherSync.stop();
      await index.settled();
      await engine.close();
    },
    ...overrides,
  });
}
