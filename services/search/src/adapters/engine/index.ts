import { MemorySearchEngine } from './memory/memory-engine';
import { MeiliSearchEngine } from './meili-engine';
import { OramaSearchEngine } from './orama-engine';
import type { SearchEngine } from '../../domain/ports';

export { MeiliSearchEngine, MEILI_SETTINGS, MEILI_MAX_TOTAL_HITS } from './meili-engine';
export type { MeiliEngineOptions } from './meili-engine';
export { OramaSearchEngine } from './orama-engine';
export { MemorySearchEngine } from './memory/memory-engine';
export { filterKey, zipKey } from './query';

export interface SearchEngineOptions {
  /** `MEILI_URL`; when set, Meilisearch serves search, otherwise the in-process engine does. */
  meiliUrl?: string;
  /** `MEILI_API_KEY`. */
  meiliApiKey?: string;
  /** Meilisearch index uid; ignored by the in-process engines. */
  indexName: string;
  /** `SEARCH_ENGINE`: the in-process engine used without Meilisearch (default `memory`). */
  inProcess?: 'memory' | 'orama';
}

/** The in-process engines, which keep their index in this replica's memory. */
export const isInProcess = (engine: SearchEngine): boolean => engine.kind !== 'meilisearch';

/**
 * Picks the engine from configuration: Meilisearch when a URL is given, else an in-process one
 * (our inverted index by default, Orama on request).
 */
export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
  const url = options.meiliUrl?.trim();
  if (url) {
    return new MeiliSearchEngine({
      url,
      indexName: options.indexName,
      ...(options.meiliApiKey ? { apiKey: options.meiliApiKey } : {}),
    });
  }
  return options.inProcess === 'orama' ? new OramaSearchEngine() : new MemorySearchEngine();
}
