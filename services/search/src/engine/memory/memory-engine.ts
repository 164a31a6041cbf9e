import { haversineMilesBetween, METRES_PER_MILE, roundMiles } from '../../geo';
import {
  fieldKey,
  FILTER_FIELDS,
  lastById,
  normalizeQuery,
  pointOf,
  radiusMetres,
  type NormalizedQuery,
} from '../query';
import type {
  ListingDocument,
  SearchEngine,
  SearchHit,
  SearchQuery,
  SearchResult,
  TypeCounts,
} from '../search-engine';
import { BOOST, TEXT_FIELDS, textOf } from '../text-fields';
import { tokenize, words } from '../text';
import { GeoGrid } from './geo-grid';
import { TopK } from './top-k';
import { Vocabulary } from './vocabulary';

/** BM25 parameters (the usual defaults). */
const K1 = 1.2;
const B = 0.75;
/** A word reached by completing the query's last word scores a little under the word itself. */
const COMPLETION_WEIGHT = 0.9;
/** A page this deep or deeper is cut from a full sort instead of a running top list. */
const SORT_ALL_FROM = 2_000;
/** Writes of more listings than this re-sort the newest-first order instead of keeping it. */
const BULK = 64;

interface Entry {
  slot: number;
  doc: ListingDocument;
  /** Distinct words of the searchable fields, each with its field-weighted term frequency. */
  terms: Map<string, number>;
  /** Words in the searchable fields (BM25 length normalisation). */
  length: number;
  /** Normalised filter values, in {@link FILTER_FIELDS} order. */
  keys: Array<string | undefined>;
  point: { lat: number; lng: number } | undefined;
}

/** One listing matching a query, by slot, with what orders it. */
interface Match {
  slot: number;
  typos: number;
  score: number;
  distance: number | undefined;
}

const newer = (a: Entry, b: Entry): boolean =>
  a.doc.createdAt !== b.doc.createdAt ? a.doc.createdAt > b.doc.createdAt : a.doc.id < b.doc.id;

const ITEM = 0;
const SERVICE = 1;
const TYPE_CODE = { item: ITEM, service: SERVICE } as const;

/**
 * What every query reads of every candidate listing, in flat arrays by slot: following each
 * listing's objects instead costs a cache miss per field at 100,000 listings.
 */
class Columns {
  typeCode = new Uint8Array(1024);
  createdAt = new Float64Array(1024);
  /** NaN where the listing has no usable location. */
  lat = new Float64Array(1024);
  lng = new Float64Array(1024);
  /** Words per listing, for BM25's length normalisation. */
  length = new Float64Array(1024);
  /** Per filter field (in {@link FILTER_FIELDS} order), the listing's value as a number; 0 for none. */
  filterIds = FILTER_FIELDS.map(() => new Int32Array(1024));
  /** Per filter field, each value's number. */
  private readonly ids = FILTER_FIELDS.map(() => new Map<string, number>());

  /** The number standing for a filter value; -1 when no listing ever had it. */
  idOf(field: number, key: string): number {
    return this.ids[field]!.get(key) ?? -1;
  }

  set(entry: Entry): void {
    const { slot, doc } = entry;
    if (slot >= this.typeCode.length) this.grow(2 * slot);
    this.typeCode[slot] = TYPE_CODE[doc.type];
    this.createdAt[slot] = doc.createdAt;
    this.lat[slot] = entry.point?.lat ?? NaN;
    this.lng[slot] = entry.point?.lng ?? NaN;
    this.length[slot] = entry.length;
    entry.keys.forEach((key, field) => {
      let id = 0;
      if (key !== undefined) {
        const ids = this.ids[field]!;
        id = ids.get(key) ?? ids.size + 1;
        ids.set(key, id);
      }
      this.filterIds[field]![slot] = id;
    });
  }

  clear(): void {
    for (const ids of this.ids) ids.clear();
  }

  private grow(size: number): void {
    const grown = <T extends Uint8Array | Float64Array | Int32Array>(
      from: T,
      make: (n: number) => T,
    ) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.typeCode = grown(this.typeCode, (n) => new Uint8Array(n));
    this.createdAt = grown(this.createdAt, (n) => new Float64Array(n));
    this.lat = grown(this.lat, (n) => new Float64Array(n));
    this.lng = grown(this.lng, (n) => new Float64Array(n));
    this.length = grown(this.length, (n) => new Float64Array(n));
    this.filterIds = this.filterIds.map((ids) => grown(ids, (n) => new Int32Array(n)));
  }
}

type Order = (a: Match, b: Match) => boolean;

/** The three result orders, reading creation times from the columns (ids break ties). */
function ordersOf(columns: Columns, bySlot: ReadonlyArray<Entry | undefined>) {
  const newerSlot = (a: number, b: number): boolean => {
    const ca = columns.createdAt[a]!;
    const cb = columns.createdAt[b]!;
    return ca !== cb ? ca > cb : bySlot[a]!.doc.id < bySlot[b]!.doc.id;
  };
  return {
    relevance: (a: Match, b: Match): boolean =>
      a.typos !== b.typos
        ? a.typos < b.typos
        : a.score !== b.score
          ? a.score > b.score
          : newerSlot(a.slot, b.slot),
    nearest: (a: Match, b: Match): boolean => {
      const da = a.distance ?? Infinity;
      const db = b.distance ?? Infinity;
      return da !== db ? da < db : newerSlot(a.slot, b.slot);
    },
    newest: (a: Match, b: Match): boolean => newerSlot(a.slot, b.slot),
  } satisfies Record<string, Order>;
}

function entryOf(doc: ListingDocument, slot: number): Entry {
  const terms = new Map<string, number>();
  let length = 0;
  const text = textOf(doc);
  for (const field of TEXT_FIELDS) {
    for (const part of [text[field] ?? []].flat()) {
      for (const word of words(part)) {
        terms.set(word, (terms.get(word) ?? 0) + BOOST[field]);
        length++;
      }
    }
  }
  const keys = FILTER_FIELDS.map((field) => {
    const value = doc[field];
    return value !== undefined && value.trim() !== '' ? fieldKey(field, value) : undefined;
  });
  return { slot, doc, terms, length, keys, point: pointOf(doc) };
}

/**
 * Collects the listings a query reaches: applies filters and radius, counts types, keeps the
 * requested page in order. Builds a hit object only for listings that make the running top list.
 */
class Collector {
  private readonly filterFields: Int32Array;
  private readonly filterIds: Int32Array;
  /** A filter value no listing has: nothing can match. */
  readonly impossible: boolean;
  private readonly near: { lat: number; lng: number } | undefined;
  private readonly radius: number;
  private readonly wantedType: number;
  private readonly wanted: number;
  private readonly top: TopK<Match>;
  private readonly all: Match[] = [];
  private items = 0;
  private services = 0;
  private readonly probe: Match = { slot: 0, typos: 0, score: 0, distance: undefined };

  constructor(
    private readonly q: NormalizedQuery,
    private readonly order: Order,
    private readonly columns: Columns,
    private readonly bySlot: ReadonlyArray<Entry | undefined>,
  ) {
    const fields = q.filters.map(({ field }) => FILTER_FIELDS.indexOf(field));
    this.filterFields = Int32Array.from(fields);
    this.filterIds = Int32Array.from(q.filters, ({ key }, i) => columns.idOf(fields[i]!, key));
    this.impossible = this.filterIds.some((id) => id < 0);
    this.near = q.near;
    this.radius =
      q.near?.radiusMiles === undefined
        ? Infinity
        : radiusMetres(q.near.radiusMiles) / METRES_PER_MILE;
    this.wantedType = q.type === undefined ? -1 : TYPE_CODE[q.type];
    this.wanted = q.offset + q.limit;
    this.top = new TopK<Match>(this.wanted < SORT_ALL_FROM ? this.wanted : 0, order);
  }

  accept(slot: number, typos: number, score: number): void {
    const columns = this.columns;
    for (let i = 0; i < this.filterFields.length; i++) {
      if (columns.filterIds[this.filterFields[i]!]![slot] !== this.filterIds[i]) return;
    }
    let distance: number | undefined;
    const near = this.near;
    if (near) {
      const lat = columns.lat[slot]!;
      if (lat === lat)
        distance = haversineMilesBetween(near.lat, near.lng, lat, columns.lng[slot]!);
      if (this.radius !== Infinity && (distance === undefined || distance > this.radius)) return;
    }
    const type = columns.typeCode[slot]!;
    if (type === ITEM) this.items++;
    else this.services++;
    if (this.wantedType >= 0 && type !== this.wantedType) return;
    const probe = this.probe;
    probe.slot = slot;
    probe.typos = typos;
    probe.score = score;
    probe.distance = distance;
    if (this.wanted >= SORT_ALL_FROM) this.all.push({ ...probe });
    else if (this.top.wouldKeep(probe)) this.top.offer({ ...probe });
  }

  result(): SearchResult {
    const { q } = this;
    let ranked: readonly Match[];
    if (this.wanted >= SORT_ALL_FROM) {
      ranked = this.all.sort((a, b) => (this.order(a, b) ? -1 : this.order(b, a) ? 1 : 0));
    } else {
      ranked = this.top.items();
    }
    const hits = ranked.slice(q.offset, this.wanted).map(({ slot, distance }): SearchHit => {
      const doc = this.bySlot[slot]!.doc;
      return distance === undefined ? { ...doc } : { ...doc, distance: roundMiles(distance) };
    });
    const counts = { item: this.items, service: this.services };
    const total = q.type === undefined ? counts.item + counts.service : counts[q.type];
    return { hits, total, counts };
  }
}

/**
 * Slot → position in a query's candidate arrays, reset in O(1) per query by stamping entries
 * with a query number instead of clearing them.
 */
class Seen {
  private stamps = new Uint32Array(0);
  private positions = new Int32Array(0);
  private stamp = 0;

  /** Starts a query over slots below `capacity`. */
  next(capacity: number): this {
    if (this.stamps.length < capacity || this.stamp === 0xffffffff) {
      this.stamps = new Uint32Array(Math.max(capacity, 2 * this.stamps.length));
      this.positions = new Int32Array(this.stamps.length);
      this.stamp = 0;
    }
    this.stamp++;
    return this;
  }

  indexOf(slot: number): number {
    return this.stamps[slot] === this.stamp ? this.positions[slot]! : -1;
  }

  set(slot: number, position: number): void {
    this.stamps[slot] = this.stamp;
    this.positions[slot] = position;
  }
}

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
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly vocabulary = new Vocabulary();
  /** Per filter field (in {@link FILTER_FIELDS} order), the listings holding each value. */
  private readonly filterSets = FILTER_FIELDS.map(() => new Map<string, Set<number>>());
  private readonly grid = new GeoGrid();
  private readonly typeCounts: TypeCounts = { item: 0, service: 0 };
  private totalLength = 0;
  private readonly seen = new Seen();
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
      for (const set of this.narrowest(q)) for (const slot of set) results.accept(slot, 0, 0);
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
      if (!list) this.postings.set(word, (list = new Map()));
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
   * flat arrays indexed through {@link seen}, not in per-listing objects.
   */
  private matchText(queryWords: readonly string[], results: Collector): void {
    const n = this.byId.size;
    const avgLength = n > 0 ? this.totalLength / n : 1;
    const expanded = queryWords.map((word, i) => {
      const expansions = this.vocabulary.expand(word, i === queryWords.length - 1);
      const lists: Array<{ list: Map<number, number>; typos: number; weight: number }> = [];
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

    const bySlot = this.bySlot;
    const lengths = this.columns.length;
    const base = K1 * (1 - B);
    const perWord = (K1 * B) / avgLength;
    const lengthFactor = (slot: number) => base + perWord * lengths[slot]!;
    const seen = this.seen.next(bySlot.length);
    let slots: number[] = [];
    let typos: number[] = [];
    let scores: number[] = [];
    // Every listing the rarest word reaches, with its best way of matching it.
    for (const { list, typos: t, weight } of expanded[0]!.lists) {
      list.forEach((tf, slot) => {
        const score = (weight * tf * (K1 + 1)) / (tf + lengthFactor(slot));
        const at = seen.indexOf(slot);
        if (at < 0) {
          seen.set(slot, slots.length);
          slots.push(slot);
          typos.push(t);
          scores.push(score);
        } else if (t < typos[at]! || (t === typos[at] && score > scores[at]!)) {
          typos[at] = t;
          scores[at] = score;
        }
      });
    }
    // Then keep those that also hold each further word, adding its typos and score.
    for (let w = 1; w < expanded.length && slots.length > 0; w++) {
      const lists = expanded[w]!.lists;
      const keptSlots: number[] = [];
      const keptTypos: number[] = [];
      const keptScores: number[] = [];
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        let bestTypos = Infinity;
        let bestScore = 0;
        for (const { list, typos: t, weight } of lists) {
          const tf = list.get(slot);
          if (tf === undefined || t > bestTypos) continue;
          const score = (weight * tf * (K1 + 1)) / (tf + lengthFactor(slot));
          if (t < bestTypos || score > bestScore) [bestTypos, bestScore] = [t, score];
        }
        if (bestTypos === Infinity) continue;
        keptSlots.push(slot);
        keptTypos.push(typos[i]! + bestTypos);
        keptScores.push(scores[i]! + bestScore);
      }
      [slots, typos, scores] = [keptSlots, keptTypos, keptScores];
    }
    for (let i = 0; i < slots.length; i++) results.accept(slots[i]!, typos[i]!, scores[i]!);
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
    const order = this.newestOrder;
    if (!order) return;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newer(order[mid]!, entry)) lo = mid + 1;
      else hi = mid;
    }
    order.splice(lo, 0, entry);
  }

  private orderDelete(entry: Entry): void {
    const order = this.newestOrder;
    if (!order) return;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newer(order[mid]!, entry)) lo = mid + 1;
      else hi = mid;
    }
    if (order[lo] === entry) order.splice(lo, 1);
    else this.newestOrder = undefined;
  }

  /**
   * The smallest group of listings a query without text can match, as sets to walk: a filter
   * value's listings, the cells the radius reaches, or every listing.
   */
  private narrowest(q: NormalizedQuery): Array<Iterable<number>> {
    let best: Array<Iterable<number>> | undefined;
    let bestSize = Infinity;
    for (const { field, key } of q.filters) {
      const set = this.filterSets[FILTER_FIELDS.indexOf(field)]!.get(key);
      if (!set) return [];
      if (set.size < bestSize) [best, bestSize] = [[set], set.size];
    }
    if (q.near?.radiusMiles !== undefined) {
      const cells = this.grid.cellsNear(q.near.lat, q.near.lng, q.near.radiusMiles);
      const size = cells.reduce((sum, cell) => sum + cell.size, 0);
      if (size < bestSize) [best, bestSize] = [cells, size];
    }
    return best ?? [this.slots()];
  }

  private *slots(): Iterable<number> {
    for (const entry of this.byId.values()) yield entry.slot;
  }
}
