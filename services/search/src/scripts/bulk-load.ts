import type { SearchDeps } from '../deps';
import type { ListingDocument } from '../domain/ports';

/**
 * Writes ready-made listing documents straight into a running search service's projection and
 * engine, as published listings of sellers in good standing, skipping Kafka. For benchmarks and
 * demo data: `bulkLoad(running.deps, docs)` on the value `startSearchService` resolves to.
 * Resolves once every document is stored and searchable.
 */
export async function bulkLoad(
  deps: Pick<SearchDeps, 'projector'>,
  docs: readonly ListingDocument[],
): Promise<void> {
  await deps.projector.bulkLoad(docs);
}
