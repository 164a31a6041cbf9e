import { MeiliSearchEngine } from './meili-engine';
import { OramaSearchEngine } from './orama-engine';
import type { SearchEngine } from './search-engine';

export * from './search-engine';
export { MeiliSearchEngine, MEILI_SETTINGS, MEILI_MAX_TOTAL_HITS } from './meili-engine';
export type { MeiliEngineOptions } from './meili-engine';
export { OramaSearchEngine } from './orama-engine';
export { filterKey, zipKey } from './query';

export interface SearchEngineOptions {
  /** `MEILI_URL`; when set, Meilisearch serves search, otherwise the in-process engine does. */
  meiliUrl?: string;
  /** `MEILI_API_KEY`. */
  meiliApiKey?: string;
  /** Meilisearch index uid; ignored by the in-process engine. */
  indexName: string;
}

/** Picks the engine from configuration: Meilisearch when a URL is given, else Orama in process. */
export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
  const url = options.meiliUrl?.trim();
  if (url) {
    return new MeiliSearchEngine({
      url,
      indexName: options.indexName,
      ...(options.meiliApiKey ? { apiKey: options.meiliApiKey } : {}),
    });
  }
  return new OramaSearchEngine();
}
