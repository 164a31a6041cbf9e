import { count as countDocs, create, insertMultiple, removeMultiple, search } from '@orama/orama';
import type { Operator, Tokenizer } from '@orama/orama';
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
import { BOOST, TEXT_FIELDS, textOf } from './text-fields';
import { matchTypos, tokenize } from './text';

/** Exact-match filter fields are `enum` so Orama compares whole values instead of tokenising them. */
const KEY_FIELD: Record<FilterField, `${FilterField}Key`> = {
  category: 'categoryKey',
  subcategory: 'subcategoryKey',
  condition: 'conditionKey',
  city: 'cityKey',
  state: 'stateKey',
  zip: 'zipKey',
};

const schema = {
  title: 'string',
  description: 'string',
  category: 'string',
  subcategory: 'string',
  tags: 'string[]',
  boothName: 'string',
  typeText: 'string',
  type: 'enum',
  categoryKey: 'enum',
  subcategoryKey: 'enum',
  conditionKey: 'enum',
  cityKey: 'enum',
  stateKey: 'enum',
  zipKey: 'enum',
  location: 'geopoint',
  createdAt: 'number',
} as const;

/**
 * Orama indexes through this tokenizer, and the engine matches query words with the same one, so
 * "the words of a listing" means one thing everywhere.
 */
const tokenizer: Tokenizer = {
  language: 'english',
  normalizationCache: new Map(),
  tokenize: (raw: string) => tokenize(raw),
};

type Schema = typeof schema;
type Filters = { -readonly [K in keyof Schema]?: Operator<Schema[K]> };
type OramaDb = ReturnType<typeof createDb>;
const createDb = () => create({ schema, components: { tokenizer }, sort: { enabled: false } });

interface Stored {
  doc: ListingDocument;
  /** Every word of the listing's searchable fields. */
  words: ReadonlySet<string>;
}

interface Candidate {
  stored: Stored;
  score: number;
  typos: number;
  distance: number | undefined;
}

function wordsOf(doc: ListingDocument): Set<string> {
  const words = new Set<string>();
  for (const value of Object.values(textOf(doc))) {
    for (const part of [value ?? []].flat()) for (const w of tokenize(part)) words.add(w);
  }
  return words;
}

function toRecord(doc: ListingDocument) {
  const record: Record<string, unknown> = { id: doc.id, ...textOf(doc), type: doc.type };
  for (const field of FILTER_FIELDS) {
    const value = doc[field];
    if (value !== undefined && value.trim() !== '')
      record[KEY_FIELD[field]] = fieldKey(field, value);
  }
  const point = pointOf(doc);
  if (point) record.location = { lat: point.lat, lon: point.lng };
  record.createdAt = doc.createdAt;
  return record;
}

/** The fewest typos with which any of `words` matches, walking whichever collection is smaller. */
function fewestTypos(
  matches: ReadonlyMap<string, number>,
  words: ReadonlySet<string>,
): number | undefined {
  let best: number | undefined;
  if (matches.size <= words.size) {
    for (const [w, typos] of matches) {
      if (words.has(w) && (best === undefined || typos < best)) best = typos;
      if (best === 0) break;
    }
  } else {
    for (const w of words) {
      const typos = matches.get(w);
      if (typos !== undefined && (best === undefined || typos < best)) best = typos;
      if (best === 0) break;
    }
  }
  return best;
}

const newestFirst = (a: Candidate, b: Candidate): number =>
  b.stored.doc.createdAt - a.stored.doc.createdAt ||
  (a.stored.doc.id < b.stored.doc.id ? -1 : a.stored.doc.id > b.stored.doc.id ? 1 : 0);

const byRelevance = (a: Candidate, b: Candidate): number =>
  a.typos - b.typos || b.score - a.score || newestFirst(a, b);

const nearestFirst = (a: Candidate, b: Candidate): number =>
  (a.distance ?? Infinity) - (b.distance ?? Infinity) || newestFirst(a, b);

/**
 * In-process engine on `@orama/orama`, used when no Meilisearch is configured (local runs, CI).
 *
 * Orama filters (enum fields, geo radius in metres) and scores text (BM25); which listings match
 * the text is decided here by {@link matchTypos}, because Orama's `tolerance` is one number for
 * every word and counts a swap of two letters as two edits, while the contract allows no typo
 * below 5 letters and one swap-typo in "bicycel". Orama cannot sort by geopoint, so distances are
 * computed with the shared haversine and sorted here.
 */
export class OramaSearchEngine implements SearchEngine {
  readonly kind = 'orama' as const;
  private db: OramaDb = createDb();
  private readonly stored = new Map<string, Stored>();
  /** How many listings contain each word; the dictionary typo and prefix matching look through. */
  private readonly vocabulary = new Map<string, number>();

  async upsert(docs: readonly ListingDocument[]): Promise<void> {
    const batch = lastById(docs);
    if (batch.length === 0) return;
    await this.removeStored(batch.map((d) => d.id));
    await insertMultiple(this.db, batch.map(toRecord));
    for (const doc of batch) {
      const words = wordsOf(doc);
      this.stored.set(doc.id, { doc, words });
      for (const w of words) this.vocabulary.set(w, (this.vocabulary.get(w) ?? 0) + 1);
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    await this.removeStored(ids);
  }

  async clear(): Promise<void> {
    this.db = createDb();
    this.stored.clear();
    this.vocabulary.clear();
  }

  async count(): Promise<number> {
    return countDocs(this.db);
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}

  async search(query: SearchQuery): Promise<SearchResult> {
    const q = normalizeQuery(query);
    const candidates = q.text === undefined ? await this.filtered(q) : await this.matched(q);
    const counts = { item: 0, service: 0 };
    for (const c of candidates) counts[c.stored.doc.type]++;
    const ofType = q.type ? candidates.filter((c) => c.stored.doc.type === q.type) : candidates;
    ofType.sort(q.text !== undefined ? byRelevance : q.near ? nearestFirst : newestFirst);
    const hits = ofType
      .slice(q.offset, q.offset + q.limit)
      .map(({ stored, distance }): SearchHit =>
        distance === undefined
          ? { ...stored.doc }
          : { ...stored.doc, distance: roundMiles(distance) },
      );
    return { hits, total: ofType.length, counts };
  }

  private async removeStored(ids: readonly string[]): Promise<void> {
    const present = [...new Set(ids)].filter((id) => this.stored.has(id));
    if (present.length === 0) return;
    await removeMultiple(this.db, present);
    for (const id of present) {
      const entry = this.stored.get(id);
      this.stored.delete(id);
      for (const w of entry?.words ?? []) {
        const n = (this.vocabulary.get(w) ?? 0) - 1;
        if (n > 0) this.vocabulary.set(w, n);
        else this.vocabulary.delete(w);
      }
    }
  }

  /** Filters every query shares; the type filter is left out so tab counts come from the same set. */
  private where(q: NormalizedQuery): Filters {
    const where: Filters = {};
    for (const { field, key } of q.filters) where[KEY_FIELD[field]] = { eq: key };
    if (q.near?.radiusMiles !== undefined) {
      where.location = {
        radius: {
          coordinates: { lat: q.near.lat, lon: q.near.lng },
          unit: 'm',
          value: radiusMetres(q.near.radiusMiles),
          inside: true,
        },
      };
    }
    return where;
  }

  private async run(q: NormalizedQuery, term?: string) {
    const limit = Math.max(1, countDocs(this.db));
    const where = this.where(q);
    const result = await search(this.db, {
      ...(term === undefined
        ? {}
        : { term, properties: [...TEXT_FIELDS], boost: BOOST, threshold: 1, tolerance: 0 }),
      ...(Object.keys(where).length > 0 ? { where } : {}),
      limit,
    });
    return result.hits;
  }

  private candidate(stored: Stored, q: NormalizedQuery, score: number, typos: number): Candidate {
    const point = pointOf(stored.doc);
    const distance = q.near && point ? haversineMiles(q.near, point) : undefined;
    return { stored, score, typos, distance };
  }

  private async filtered(q: NormalizedQuery): Promise<Candidate[]> {
    const out: Candidate[] = [];
    for (const hit of await this.run(q)) {
      const stored = this.stored.get(hit.id);
      if (stored) out.push(this.candidate(stored, q, 0, 0));
    }
    return out;
  }

  private async matched(q: NormalizedQuery): Promise<Candidate[]> {
    const queryWords = tokenize(q.text ?? '');
    if (queryWords.length === 0) return this.filtered(q);
    // For each query word, the dictionary words it matches and with how many typos.
    const expansions = queryWords.map((word, i) => {
      const isLast = i === queryWords.length - 1;
      const matches = new Map<string, number>();
      for (const candidate of this.vocabulary.keys()) {
        const typos = matchTypos(word, candidate, isLast);
        if (typos !== undefined) matches.set(candidate, typos);
      }
      return matches;
    });
    if (expansions.some((m) => m.size === 0)) return [];
    // Orama prefix-matches each term, which covers exact and prefix matches of the query words;
    // words reached only through a typo are added explicitly so they are retrieved and scored.
    const terms = new Set(queryWords);
    for (const m of expansions) for (const [w, typos] of m) if (typos > 0) terms.add(w);
    const out: Candidate[] = [];
    for (const hit of await this.run(q, [...terms].join(' '))) {
      const stored = this.stored.get(hit.id);
      if (!stored) continue;
      let typos = 0;
      let matchesAll = true;
      for (const m of expansions) {
        const best = fewestTypos(m, stored.words);
        if (best === undefined) {
          matchesAll = false;
          break;
        }
        typos += best;
      }
      if (matchesAll) out.push(this.candidate(stored, q, hit.score, typos));
    }
    return out;
  }
}
