/** What other workspaces (benchmarks, tooling) may use of the search service. */
export { startSearchService, type SearchOverrides } from './service';
export { loadSearchConfig, searchConfigSchema, type SearchConfig } from './config';
export { bulkLoad } from './scripts/bulk-load';
export type { SearchDeps } from './deps';
export { reindex } from './scripts/reindex';
export type {
  ListingDocument,
  SearchEngine,
  SearchHit,
  SearchQuery,
  SearchResult,
} from './domain/ports';
export { createSearchEngine } from './adapters/engine';
export { engineQueryOf } from './api/search/search.schemas';
export { SellersRepository } from './data/sellers/sellers.repository';
export { BoothsRepository } from './data/booths/booths.repository';
export { ListingsRepository } from './data/listings/listings.repository';
export { ReverseSearchIndex } from './adapters/alert-index/reverse-index';
export { indexedOf } from './domain/saved-search';
