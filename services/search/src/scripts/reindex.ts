/**
 * Rebuilds the search index from the projection: clears the engine, then composes every stored
 * listing from its product, seller and booth facts and indexes those that are listed.
 *
 *   npm run reindex -w @swapbooth/search      (after a build; reads the same settings as the service)
 *
 * With Meilisearch this refills the shared index; searches may miss listings while it runs. The
 * in-process engine lives inside each replica and fills itself the same way at every start, so
 * there the script only checks that the projection can be indexed.
 */
import { connectMongo, createLogger } from '@swapbooth/service-kit';
import { loadSearchConfig, type SearchConfig } from '../config';
import { buildDeps, type SearchDeps } from '../deps';

/** Clears the engine and indexes every listed document again. Returns how many. */
export async function reindex(
  deps: Pick<SearchDeps, 'engine' | 'index' | 'projector'>,
): Promise<number> {
  await deps.index.settled();
  await deps.engine.clear();
  return deps.projector.indexAll();
}

async function main(config: Readonly<SearchConfig>): Promise<void> {
  const logger = createLogger('search-reindex', config.LOG_LEVEL, config.LOG_FORMAT);
  const conn = await connectMongo(config.MONGO_URL, `${config.MONGO_DB_PREFIX}search`, logger);
  const deps = buildDeps({ config, conn, logger });
  try {
    const started = Date.now();
    const indexed = await reindex(deps);
    logger.info(
      { engine: deps.engine.kind, indexed, ms: Date.now() - started },
      deps.engine.kind === 'meilisearch'
        ? 'search index rebuilt'
        : 'projection indexed in this process only; each replica fills its own index at start',
    );
  } finally {
    await deps.engine.close();
    await conn.close();
  }
}

if (require.main === module) {
  main(loadSearchConfig()).catch((err: unknown) => {
    console.error('reindex failed:', err);
    process.exit(1);
  });
}
