import type { ServiceContext } from '@swapbooth/runtime';
import type { SearchConfig } from './config';
import { BoothsRepository } from './data/booths/booths.repository';
import { ListingsRepository } from './data/listings/listings.repository';
import { SellersRepository } from './data/sellers/sellers.repository';
import { IndexWriter } from './domain/index-writer';
import { ListingProjector } from './domain/listing-projector';
import { createSearchEngine } from './adapters/engine';

/** Everything the routes, handlers and scripts use, wired once per running service. */
export function buildDeps(ctx: Pick<ServiceContext<SearchConfig>, 'config' | 'conn' | 'logger'>) {
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
  return {
    config: ctx.config,
    logger: ctx.logger,
    engine,
    listings,
    sellers,
    booths,
    index,
    projector: new ListingProjector({ listings, sellers, booths, index }),
  };
}

export type SearchDeps = ReturnType<typeof buildDeps>;
