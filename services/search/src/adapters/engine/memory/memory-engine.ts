import { haversineMilesBetween } from '../../../domain/geo';
import { FILTER_FIELDS, lastById, normalizeQuery, type NormalizedQuery } from '../query';
import type {
  ListingDocument,
  SearchEngine,
  SearchHit,
  SearchQuery,
  SearchResult,
  TypeCounts,
} from '../../../domain/ports';
import { tokenize } from '../text';
import { Collector, ordersOf } from './collector';
import { Columns } from './columns';
import { entryOf, newer, type Entry } from './entry';
import { GeoGrid } from './geo-grid';
import { Candidates, type WordList } from './candidates';
import { Postings } from './postings';
import { Vocabulary } from './vocabulary';

/** A word reached by completing the query's last word scores a little under the word itself. */
const COMPLETION_WEIGHT = 0.9;
/** Writes of more listings than this re-sort the newest-first order instead of keeping it. */
const BULK = 64;

/**
 * The in-process engine: an inverted index (word → listings with field-weighted term
 * frequencies, scored with BM25), a sorted dictionary for prefix and typo expansion, exact-value
 * sets for the filter fields and a latitude/longitude grid for radius queries. Every query
 * touches only the listings its rarest part can reach, and keeps a running top list instead of
 * sorting every match.
 *
 * It follows the same contract as the Meilisearch adapter (see `SearchEngine`), and replaced an
 * Orama-based engine as the default because Orama's term lookup grows with the square of a
 * word's listings (see bench/RESULTS.md for both at 100,000 listings).
 */
export class MemorySearchEngine implements SearchEngine {
  readonly kind = 'memory' as const;
  private readonly byId = new Map<string, Entry>();
  private readonly bySlot: Array<Entry | undefined> = [];
  private readonly freeSlots: number[] = [];
  private readonly postings = new Map<string, Postings>();
  private readonly vocabulary = new Vocabulary();
  /** Per filter field (in {@link FILTER_FIELDS} order), the listings holding each value. */
  private readonly filterSets = FILTER_FIELDS.map(() => new Map<string, Set<number>>());
  private readonly grid = new GeoGrid();
  private readonly typeCounts: TypeCounts = { item: 0, service: 0 };
  private totalLength = 0;
  private readonly candidates = new Candidates();
  private readonly columns = new Columns();
  private readonly orders = ordersOf(this.columns, this.bySlot);
  /** Every entry newest first, built on demand; undefined until needed or after bulk writes. */
  private newestOrder: Entry[] | undefined;

  async upsert(docs: readonly ListingDocument[]): Promise<void> {
    const batch = lastById(docs);
    // Keeping the order entry by entry costs a shift of the whole list each; re-sort after bulk.
    if (batch.length > BULK) this.newestOrder = undefined;
    for (const doc of batch) {
      this.delete(doc.id);
      this.insert(doc);
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length > BULK) this.newestOrder = undefined;
    for (const id of ids) this.delete(id);
  }

  async clear(): Promise<void> {
    this.byId.clear();
    this.bySlot.length = 0;
    this.freeSlots.length = 0;
    this.postings.clear();
    this.vocabulary.clear();
    for (const set of this.filterSets) set.clear();
    this.grid.clear();
    this.typeCounts.item = 0;
    this.typeCounts.service = 0;
    this.totalLength = 0;
    this.newestOrder = undefined;
    this.columns.clear();
  }

  async count(): Promise<number> {
    return this.byId.size;
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}

  async search(query: SearchQuery): Promise<SearchResult> {
    const q = normalizeQuery(query);
    const queryWords = q.text === undefined ? [] : tokenize(q.text);
    if (queryWords.length === 0 && q.filters.length === 0 && !q.near) return this.newest(q);
    const { orders } = this;
    const order =
      queryWords.length > 0 ? orders.relevance : q.near ? orders.nearest : orders.newest;
    const results = new Collector(q, order, this.columns, this.bySlot);
    if (results.impossible) return results.result();
    if (queryWords.length > 0) {
      this.matchText(queryWords, results);
    } else {
      this.matchWithoutText(q, results);
    }
    return results.result();
  }

  private insert(doc: ListingDocument): void {
    const slot = this.freeSlots.pop() ?? this.bySlot.length;
    const entry = entryOf(doc, slot);
    this.bySlot[slot] = entry;
    this.byId.set(doc.id, entry);
    this.columns.set(entry);
    for (const [word, tf] of entry.terms) {
      let list = this.postings.get(word);
      if (!list) this.postings.set(word, (list = new Postings()));
      list.set(slot, tf);
      this.vocabulary.add(word);
    }
    entry.keys.forEach((key, i) => {
      if (key === undefined) return;
      const sets = this.filterSets[i]!;
      let set = sets.get(key);
      if (!set) sets.set(key, (set = new Set()));
      set.add(slot);
    });
    if (entry.point) this.grid.add(slot, entry.point.lat, entry.point.lng);
    this.typeCounts[doc.type]++;
    this.totalLength += entry.length;
    this.orderInsert(entry);
  }

  private delete(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    const { slot } = entry;
    for (const word of entry.terms.keys()) {
      const list = this.postings.get(word);
      list?.delete(slot);
      if (list?.size === 0) this.postings.delete(word);
      this.vocabulary.remove(word);
    }
    entry.keys.forEach((key, i) => {
      if (key === undefined) return;
      const sets = this.filterSets[i]!;
      const set = sets.get(key);
      set?.delete(slot);
      if (set?.size === 0) sets.delete(key);
    });
    if (entry.point) this.grid.remove(slot, entry.point.lat, entry.point.lng);
    this.typeCounts[entry.doc.type]--;
    this.totalLength -= entry.length;
    this.orderDelete(entry);
    this.byId.delete(id);
    this.bySlot[slot] = undefined;
    this.freeSlots.push(slot);
  }

  /**
   * Hands `results` every listing holding every query word (or a word it matches with allowed
   * typos, or for the last word a completion), with its typo total and BM25 score. Words are
   * intersected rarest first, so the work follows the smallest posting lists; candidates live in
   * flat arrays (see {@link Candidates}), not in per-listing objects.
   */
  private matchText(queryWords: readonly string[], results: Collector): void {
    const n = this.byId.size;
    const avgLength = n > 0 ? this.totalLength / n : 1;
    const expanded = queryWords.map((word, i) => {
      const expansions = this.vocabulary.expand(word, i === queryWords.length - 1);
      const lists: WordList[] = [];
      let size = 0;
      for (const [w, typos] of expansions) {
        const list = this.postings.get(w);
        if (!list) continue;
        const idf = Math.log(1 + (n - list.size + 0.5) / (list.size + 0.5));
        lists.push({ list, typos, weight: w === word ? idf : idf * COMPLETION_WEIGHT });
        size += list.size;
      }
      return { lists, size };
    });
    if (expanded.some((e) => e.lists.length === 0)) return;
    expanded.sort((a, b) => a.size - b.size);

    const candidates = this.candidates.reset(this.bySlot.length, this.columns.length, avgLength);
    candidates.start(expanded[0]!.lists);
    for (let w = 1; w < expanded.length && candidates.count > 0; w++) {
      candidates.narrow(expanded[w]!.lists, expanded[w]!.size);
    }
    const { slots, typos, scores } = candidates;
    for (let i = 0; i < candidates.count; i++) results.accept(slots[i]!, typos[i]!, scores[i]!);
  }

  /** The default page: no text, filters or location. Counts are kept, order is kept. */
  private newest(q: NormalizedQuery): SearchResult {
    const counts = { ...this.typeCounts };
    const total = q.type === undefined ? counts.item + counts.service : counts[q.type];
    const hits: SearchHit[] = [];
    if (q.offset < total) {
      let skipped = 0;
      for (const entry of this.byNewest()) {
        if (q.type !== undefined && entry.doc.type !== q.type) continue;
        if (skipped < q.offset) {
          skipped++;
          continue;
        }
        hits.push({ ...entry.doc });
        if (hits.length === q.limit) break;
      }
    }
    return { hits, total, counts };
  }

  /** Every listing, newest first; kept in order across single writes, re-sorted after big ones. */
  private byNewest(): readonly Entry[] {
    if (!this.newestOrder) {
      this.newestOrder = [...this.byId.values()].sort((a, b) => (newer(a, b) ? -1 : 1));
    }
    return this.newestOrder;
  }

  private orderInsert(entry: Entry): void {
    this.newestOrder?.splice(placeInNewest(this.newestOrder, entry), 0, entry);
  }

  private orderDelete(entry: Entry): void {
    const order = this.newestOrder;
    if (!order) return;
    const at = placeInNewest(order, entry);
    if (order[at] === entry) order.splice(at, 1);
    else this.newestOrder = undefined;
  }

  /**
   * Hands `results` the listings a query without text can match, walking the smallest group:
   * a filter value's listings, the places the radius reaches, or every listing. Places are
   * measured once for all their listings, and skipped whole when out of reach.
   */
  private matchWithoutText(q: NormalizedQuery, results: Collector): void {
    let smallest: Iterable<number> = this.slots();
    let size = Infinity;
    for (const { field, key } of q.filters) {
      const set = this.filterSets[FILTER_FIELDS.indexOf(field)]!.get(key);
      if (!set) return;
      if (set.size < size) [smallest, size] = [set, set.size];
    }
    const near = q.near;
    if (near?.radiusMiles !== undefined) {
      const places = this.grid.placesNear(near.lat, near.lng, near.radiusMiles);
      if (places.reduce((sum, place) => sum + place.slots.size, 0) < size) {
        for (const place of places) {
          const distance = haversineMilesBetween(near.lat, near.lng, place.lat, place.lng);
          if (!results.reaches(distance)) continue;
          for (const slot of place.slots) results.accept(slot, 0, 0, distance);
        }
        return;
      }
    }
    for (const slot of smallest) results.accept(slot, 0, 0);
  }

  private *slots(): Iterable<number> {
    for (const entry of this.byId.values()) yield entry.slot;
  }
}

/** Where `entry` stands (or would stand) in a newest-first list (binary search). */
function placeInNewest(order: readonly Entry[], entry: Entry): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (newer(order[mid]!, entry)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
