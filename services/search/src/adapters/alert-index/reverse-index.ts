import type {
  IndexedSearch,
  ListingDocument,
  SavedSearchMatcher,
  SearchMatch,
} from '../../domain/ports';
import { roundMiles } from '../../domain/geo';
import { ListingProbe, prepareQuery, type PreparedQuery } from '../engine/memory/listing-probe';
import { filterKey, pointOf } from '../engine/query';
import { textOf, TEXT_FIELDS } from '../engine/text-fields';
import { matchTypos, TWO_TYPOS_MIN_LENGTH, words } from '../engine/text';

/** Cell size of the geo part of a key, in degrees (about 69 miles north-south). */
const CELL_DEGREES = 1;
const MILES_PER_DEGREE_LAT = 69.05;
/** Key part of "any category" and "anywhere". */
const ANY = '*';
/** Listing words whose matching anchors are remembered, at most. */
const MAX_CACHED_WORDS = 50_000;

const cellOf = (lat: number, lng: number): string =>
  `${Math.floor(lat / CELL_DEGREES)}:${Math.floor(lng / CELL_DEGREES)}`;

/** Every cell a circle of `miles` around a point can reach (its bounding box). */
function cellsNear(lat: number, lng: number, miles: number): string[] {
  const dLat = miles / MILES_PER_DEGREE_LAT;
  const widest = Math.min(89.9, Math.abs(lat) + dLat);
  const dLng = miles / (MILES_PER_DEGREE_LAT * Math.cos((widest * Math.PI) / 180));
  const cells: string[] = [];
  const lngFrom = Math.floor((lng - dLng) / CELL_DEGREES);
  const lngTo = Math.floor((lng + dLng) / CELL_DEGREES);
  for (
    let la = Math.floor((lat - dLat) / CELL_DEGREES);
    la <= Math.floor((lat + dLat) / CELL_DEGREES);
    la++
  ) {
    for (let lo = lngFrom; lo <= lngTo; lo++) cells.push(`${la}:${lo}`);
  }
  return cells;
}

/**
 * A word of a saved search that every matching listing must match: the search is indexed under
 * it. `+` marks the query's last word, which also matches as the beginning of a longer word.
 */
const anchorOf = (word: string, isLast: boolean) => `${isLast ? '+' : '='}${word}`;

/** The anchor a search is indexed under: its longest word (the rarest, usually), '' without text. */
function chooseAnchor(queryWords: readonly string[]): string {
  if (queryWords.length === 0) return '';
  let best = 0;
  for (let i = 1; i < queryWords.length; i++) {
    if (queryWords[i]!.length > queryWords[best]!.length) best = i;
  }
  return anchorOf(queryWords[best]!, best === queryWords.length - 1);
}

interface Entry {
  search: IndexedSearch;
  prepared: PreparedQuery;
  anchor: string;
  keys: string[];
}

/**
 * The anchor words of the indexed searches, found from a listing's words: which anchors a listing
 * word matches under the engine's typo and prefix rules (`../engine/text`). Looked up by first
 * letter (a wrong first letter costs two typos, so only words of 9+ letters may differ there),
 * and remembered per listing word until a new anchor arrives.
 */
class Anchors {
  private readonly counts = new Map<string, number>();
  private readonly byFirst = new Map<string, Set<string>>();
  /** Anchors whose word may carry two typos, so may differ in the first letter. */
  private readonly long = new Set<string>();
  private readonly cache = new Map<string, string[]>();

  add(anchor: string): void {
    const n = this.counts.get(anchor) ?? 0;
    this.counts.set(anchor, n + 1);
    if (n > 0) return;
    const word = anchor.slice(1);
    let set = this.byFirst.get(word[0]!);
    if (!set) this.byFirst.set(word[0]!, (set = new Set()));
    set.add(anchor);
    if (word.length >= TWO_TYPOS_MIN_LENGTH) this.long.add(anchor);
    this.cache.clear();
  }

  remove(anchor: string): void {
    const n = this.counts.get(anchor);
    if (n === undefined) return;
    if (n > 1) {
      this.counts.set(anchor, n - 1);
      return;
    }
    this.counts.delete(anchor);
    const word = anchor.slice(1);
    this.byFirst.get(word[0]!)?.delete(anchor);
    this.long.delete(anchor);
    this.cache.clear();
  }

  /** The anchors a listing word matches. */
  matching(word: string): string[] {
    let found = this.cache.get(word);
    if (found) return found;
    found = [];
    const consider = (anchor: string) => {
      if (matchTypos(anchor.slice(1), word, anchor[0] === '+') !== undefined) found!.push(anchor);
    };
    for (const anchor of this.byFirst.get(word[0]!) ?? []) consider(anchor);
    for (const anchor of this.long) if (anchor[1] !== word[0]) consider(anchor);
    if (this.cache.size >= MAX_CACHED_WORDS) this.cache.clear();
    this.cache.set(word, found);
    return found;
  }
}

/**
 * The saved searches in memory, indexed in reverse: by one required word (its anchor), its
 * category and the geo cells its radius reaches. A new listing looks up only the keys it can
 * match (the anchors its words match, its category or any, its cell or anywhere), and each
 * search found is checked by the in-process engine's own decision for that one listing
 * (`ListingProbe`): the same text analysis, typo tolerance, filters and distance as the search
 * page.
 */
export class ReverseSearchIndex implements SavedSearchMatcher {
  private readonly entries = new Map<string, Entry>();
  /** Versions of removed searches, so an older event cannot bring one back. */
  private readonly removed = new Map<string, number>();
  /**
   * The searches under each key. A search has one anchor and one category (or any) and is under
   * either its cells or anywhere, and a listing looks up its own cell and anywhere: so a search
   * is found under at most one of the keys a listing looks up, and needs no de-duplication.
   */
  private readonly postings = new Map<string, Entry[]>();
  private readonly anchors = new Anchors();
  private ready!: () => void;
  private readonly isReady = new Promise<void>((resolve) => (this.ready = resolve));
  /** Searches checked for the last listing matched (benchmarks). */
  lastCandidates = 0;

  get size(): number {
    return this.entries.size;
  }

  filled(): void {
    this.ready();
  }

  put(search: IndexedSearch): void {
    const current = this.entries.get(search.id);
    if (current && current.search.version > search.version) return;
    if ((this.removed.get(search.id) ?? 0) >= search.version) return;
    if (current) this.unindex(current);
    const entry = keysOf(search);
    this.entries.set(search.id, entry);
    for (const key of entry.keys) {
      const list = this.postings.get(key);
      if (list) list.push(entry);
      else this.postings.set(key, [entry]);
    }
    if (entry.anchor) this.anchors.add(entry.anchor);
  }

  remove(searchId: string, version: number): void {
    this.removed.set(searchId, Math.max(version, this.removed.get(searchId) ?? 0));
    const current = this.entries.get(searchId);
    if (current && current.search.version <= version) this.unindex(current);
  }

  /** The searches that could match `doc` (a superset of those that do), each once. */
  candidates(doc: ListingDocument): Entry[][] {
    const anchors = new Set<string>(['']);
    const text = textOf(doc);
    for (const field of TEXT_FIELDS) {
      for (const part of [text[field] ?? []].flat()) {
        for (const word of words(part)) for (const a of this.anchors.matching(word)) anchors.add(a);
      }
    }
    const categories = [...new Set(doc.category.trim() ? [filterKey(doc.category), ANY] : [ANY])];
    const point = pointOf(doc);
    const cells = point ? [cellOf(point.lat, point.lng), ANY] : [ANY];
    const out: Entry[][] = [];
    for (const anchor of anchors) {
      for (const category of categories) {
        for (const cell of cells) {
          const list = this.postings.get(`${anchor}|${category}|${cell}`);
          if (list) out.push(list);
        }
      }
    }
    return out;
  }

  async match(doc: ListingDocument): Promise<SearchMatch[]> {
    await this.isReady;
    const lists = this.candidates(doc);
    let checked = 0;
    const out: SearchMatch[] = [];
    const probe = lists.length > 0 ? new ListingProbe(doc) : undefined;
    for (const list of lists) {
      checked += list.length;
      for (const entry of list) {
        const found = probe!.match(entry.prepared);
        if (!found) continue;
        out.push(
          found.distance === undefined
            ? { searchId: entry.search.id, memberId: entry.search.memberId }
            : {
                searchId: entry.search.id,
                memberId: entry.search.memberId,
                distance: roundMiles(found.distance),
              },
        );
      }
    }
    this.lastCandidates = checked;
    return out;
  }

  private unindex(entry: Entry): void {
    this.entries.delete(entry.search.id);
    for (const key of entry.keys) {
      const list = this.postings.get(key);
      const at = list?.indexOf(entry) ?? -1;
      if (at < 0) continue;
      list!.splice(at, 1);
      if (list!.length === 0) this.postings.delete(key);
    }
    if (entry.anchor) this.anchors.remove(entry.anchor);
  }
}

/** The keys a search is indexed under: one anchor and category, one or more cells. */
function keysOf(search: IndexedSearch): Entry {
  const prepared = prepareQuery(search.query);
  const q = prepared.q;
  const anchor = chooseAnchor(prepared.words);
  const category = q.filters.find((f) => f.field === 'category')?.key ?? ANY;
  const near = q.near;
  const cells =
    near?.radiusMiles !== undefined ? cellsNear(near.lat, near.lng, near.radiusMiles + 1) : [ANY];
  return { search, prepared, anchor, keys: cells.map((cell) => `${anchor}|${category}|${cell}`) };
}
