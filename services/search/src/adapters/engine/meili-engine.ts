// The client's typings are ESM-only; a type import needs the resolution mode spelled out.
import type {
  Index,
  MeiliSearch,
  MultiSearchQuery,
  RecordAny,
  Settings,
  Task,
} from 'meilisearch' with { 'resolution-mode': 'import' };
import { haversineMiles, roundMiles } from '../../domain/geo';
import {
  fieldKey,
  FILTER_FIELDS,
  lastById,
  normalizeQuery,
  pointOf,
  radiusMetres,
  type FilterField,
  type NormalizedQuery,
} from './query';
import type {
  ListingDocument,
  SearchEngine,
  SearchHit,
  SearchQuery,
  SearchResult,
} from '../../domain/ports';
import { ONE_TYPO_MIN_LENGTH, TWO_TYPOS_MIN_LENGTH } from './text';

export interface MeiliEngineOptions {
  url: string;
  apiKey?: string;
  indexName: string;
  /** How long a write waits for Meilisearch to apply it; large batches need more than the client's 5 s default. */
  taskTimeoutMs?: number;
}

/** Normalised copies of the filter fields, so filters stay case-insensitive whatever Meilisearch's facet rules. */
const KEY_FIELD: Record<FilterField, `${FilterField}Key`> = {
  category: 'categoryKey',
  subcategory: 'subcategoryKey',
  condition: 'conditionKey',
  city: 'cityKey',
  state: 'stateKey',
  zip: 'zipKey',
};

/** Attributes added for the engine that never leave the adapter. */
const INTERNAL_FIELDS = [
  '_geo',
  '_geoDistance',
  '_rankingScore',
  '_formatted',
  '_matchesPosition',
  ...Object.values(KEY_FIELD),
];

/**
 * Meilisearch stops counting and paging at `maxTotalHits` (1,000 by default). Raised so totals
 * and page counts stay exact for any realistic query; beyond it `total` is capped at this value.
 */
export const MEILI_MAX_TOTAL_HITS = 10_000;

export const MEILI_SETTINGS: Settings = {
  searchableAttributes: [
    'title',
    'tags',
    'category',
    'subcategory',
    'boothName',
    'type',
    'description',
  ],
  filterableAttributes: ['type', '_geo', ...Object.values(KEY_FIELD)],
  sortableAttributes: ['createdAt', '_geo'],
  // Default rules with `sort` moved last: text relevance decides, newest-first only breaks ties.
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'exactness', 'sort'],
  typoTolerance: {
    enabled: true,
    minWordSizeForTypos: { oneTypo: ONE_TYPO_MIN_LENGTH, twoTypos: TWO_TYPOS_MIN_LENGTH },
  },
  pagination: { maxTotalHits: MEILI_MAX_TOTAL_HITS },
};

/** Fixed-point degrees (about 1 cm): `String(1e-7)` would give exponent notation the filter syntax rejects. */
const coord = (degrees: number): string => degrees.toFixed(7);

/** A Meilisearch filter string literal, quotes and backslashes escaped. */
const quote = (value: string): string => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function toMeiliDocument(doc: ListingDocument): RecordAny {
  const out: RecordAny = { ...doc };
  for (const field of FILTER_FIELDS) {
    const value = doc[field];
    if (value !== undefined && value.trim() !== '') out[KEY_FIELD[field]] = fieldKey(field, value);
  }
  const point = pointOf(doc);
  if (point) out._geo = { lat: point.lat, lng: point.lng };
  return out;
}

function toHit(raw: RecordAny, q: NormalizedQuery): SearchHit {
  const hit: RecordAny = { ...raw };
  for (const field of INTERNAL_FIELDS) delete hit[field];
  const doc = hit as ListingDocument;
  const point = pointOf(doc);
  if (!q.near || !point) return doc;
  // Not `_geoDistance`: it is rounded to whole metres, which can tip a distance like 1.2450 mi
  // to the other side of the one-decimal rounding; the shared haversine on the stored coordinates
  // gives exactly what the in-process engine reports.
  return { ...doc, distance: roundMiles(haversineMiles(q.near, point)) };
}

function settled(task: Task, what: string, tolerated: string[] = []): void {
  if (task.status === 'succeeded') return;
  const code = task.error?.code;
  if (task.status === 'failed' && code && tolerated.includes(code)) return;
  throw new Error(`Meilisearch ${what} ${task.status}: ${task.error?.message ?? 'no detail'}`);
}

interface Connection {
  client: MeiliSearch;
  index: Index<RecordAny>;
}

/**
 * Production engine on Meilisearch. Writes wait for their task so a search right after an
 * upsert or removal sees it, which the projection relies on and the contract suite checks.
 *
 * The client package ships CommonJS up to 0.56 only and is loaded with `import()`, which keeps
 * this module loadable when only the in-process engine is used.
 */
export class MeiliSearchEngine implements SearchEngine {
  readonly kind = 'meilisearch' as const;
  private connection: Promise<Connection> | undefined;

  constructor(private readonly options: MeiliEngineOptions) {}

  async upsert(docs: readonly ListingDocument[]): Promise<void> {
    const batch = lastById(docs);
    if (batch.length === 0) return;
    const { index } = await this.connect();
    const task = await index
      .addDocuments(batch.map(toMeiliDocument), { primaryKey: 'id' })
      .waitTask();
    settled(task, 'document upsert');
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const { index } = await this.connect();
    settled(await index.deleteDocuments([...new Set(ids)]).waitTask(), 'document removal');
  }

  async clear(): Promise<void> {
    const { index } = await this.connect();
    settled(await index.deleteAllDocuments().waitTask(), 'clear');
  }

  async count(): Promise<number> {
    const { index } = await this.connect();
    return (await index.getStats()).numberOfDocuments;
  }

  async ready(): Promise<void> {
    const { client } = await this.connect();
    await client.health();
  }

  async close(): Promise<void> {
    // The client holds no sockets of its own beyond fetch's pool; forgetting it is enough.
    this.connection = undefined;
  }

  /** Deletes the whole index (settings included); for throwaway indexes such as tests use. */
  async dropIndex(): Promise<void> {
    const { client } = await this.connect();
    settled(await client.deleteIndex(this.options.indexName).waitTask(), 'index deletion', [
      'index_not_found',
    ]);
    this.connection = undefined;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const q = normalizeQuery(query);
    const { client } = await this.connect();
    const shared = this.filters(q);
    const typeFilter = q.type ? [`type = ${quote(q.type)}`] : [];
    const base: MultiSearchQuery = {
      indexUid: this.options.indexName,
      q: q.text ?? '',
      matchingStrategy: 'all',
      sort: this.sort(q),
    };
    const queries: MultiSearchQuery[] = [
      {
        ...base,
        filter: [...shared, ...typeFilter],
        page: q.page,
        hitsPerPage: q.limit,
        facets: ['type'],
      },
    ];
    // Tab counts ignore the type filter: with one set, a second hit-less query supplies them.
    if (q.type) {
      queries.push({ ...base, filter: shared, page: 1, hitsPerPage: 0, facets: ['type'] });
    }
    const { results } = await client.multiSearch({ queries });
    const [main, all = main] = results;
    if (!main) throw new Error('Meilisearch returned no result for the query');
    const distribution = all?.facetDistribution?.type ?? {};
    return {
      hits: main.hits.map((hit) => toHit(hit, q)),
      total: main.totalHits ?? 0,
      counts: { item: distribution.item ?? 0, service: distribution.service ?? 0 },
    };
  }

  private filters(q: NormalizedQuery): string[] {
    const out = q.filters.map(({ field, key }) => `${KEY_FIELD[field]} = ${quote(key)}`);
    if (q.near?.radiusMiles !== undefined) {
      const { lat, lng, radiusMiles } = q.near;
      out.push(`_geoRadius(${coord(lat)}, ${coord(lng)}, ${radiusMetres(radiusMiles)})`);
    }
    return out;
  }

  private sort(q: NormalizedQuery): string[] {
    if (q.text === undefined && q.near) {
      return [`_geoPoint(${coord(q.near.lat)}, ${coord(q.near.lng)}):asc`, 'createdAt:desc'];
    }
    return ['createdAt:desc'];
  }

  private connect(): Promise<Connection> {
    this.connection ??= this.open().catch((err: unknown) => {
      // Let the next call try again: Meilisearch may simply not be up yet.
      this.connection = undefined;
      throw err;
    });
    return this.connection;
  }

  private async open(): Promise<Connection> {
    const { MeiliSearch: Client } = await import('meilisearch');
    const client = new Client({
      host: this.options.url,
      ...(this.options.apiKey ? { apiKey: this.options.apiKey } : {}),
      defaultWaitOptions: { timeout: this.options.taskTimeoutMs ?? 60_000, interval: 50 },
    });
    const uid = this.options.indexName;
    settled(await client.createIndex(uid, { primaryKey: 'id' }).waitTask(), 'index creation', [
      'index_already_exists',
    ]);
    const index = client.index<RecordAny>(uid);
    settled(await index.updateSettings(MEILI_SETTINGS).waitTask(), 'settings update');
    return { client, index };
  }
}
