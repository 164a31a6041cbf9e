import { haversineMilesBetween, METRES_PER_MILE } from '../../../domain/geo';
import type { ListingDocument, SearchQuery } from '../../../domain/ports';
import { FILTER_FIELDS, normalizeQuery, radiusMetres, type NormalizedQuery } from '../query';
import { tokenize } from '../text';
import { entryOf, type Entry } from './entry';
import { Vocabulary } from './vocabulary';

/** A query with its text split into words once, to be asked of many listings. */
export interface PreparedQuery {
  q: NormalizedQuery;
  words: string[];
  /** Per filter, its field's position in {@link FILTER_FIELDS}. */
  fields: number[];
  /** The radius in miles as the engine applies it (rounded up to whole metres), or Infinity. */
  radius: number;
  /** `near` as a key, so listings measure each point once however many queries share it. */
  place: string | undefined;
}

export function prepareQuery(query: SearchQuery): PreparedQuery {
  const q = normalizeQuery(query);
  return {
    q,
    words: q.text === undefined ? [] : tokenize(q.text),
    fields: q.filters.map(({ field }) => FILTER_FIELDS.indexOf(field)),
    radius:
      q.near?.radiusMiles === undefined
        ? Infinity
        : radiusMetres(q.near.radiusMiles) / METRES_PER_MILE,
    place: q.near ? `${q.near.lat},${q.near.lng}` : undefined,
  };
}

/**
 * The in-process engine's decision for one listing: whether a query would return it, and at what
 * distance. Built from the engine's own parts, as {@link MemorySearchEngine} decides it: the
 * listing's words as the engine indexes them (`entryOf`), each query word expanded over them by
 * the engine's `Vocabulary` (typo budget, first-letter cost, prefix of the last word), filters
 * compared by their normalised keys, the type, and the haversine distance against the radius in
 * whole metres. Asking it is a few map lookups per query, where a search on a one-listing engine
 * would build a result page; a unit test holds the two to the same answers.
 */
export class ListingProbe {
  private readonly entry: Entry;
  private readonly vocabulary = new Vocabulary();
  /** Whether each query word (as the last word, and as another) matches a word of the listing. */
  private readonly lastWords = new Map<string, boolean>();
  private readonly otherWords = new Map<string, boolean>();
  /** Miles from each query point measured so far (NaN: the listing has no location). */
  private readonly distances = new Map<string, number>();

  constructor(doc: ListingDocument) {
    this.entry = entryOf(doc, 0);
    for (const word of this.entry.terms.keys()) this.vocabulary.add(word);
  }

  /** Undefined when `p` does not return the listing; else its distance from `near`, if any. */
  match(p: PreparedQuery): { distance?: number } | undefined {
    const { q } = p;
    const entry = this.entry;
    for (let i = 0; i < p.fields.length; i++) {
      if (entry.keys[p.fields[i]!] !== q.filters[i]!.key) return undefined;
    }
    if (q.type !== undefined && entry.doc.type !== q.type) return undefined;
    const words = p.words;
    for (let i = 0; i < words.length; i++) {
      if (!this.hasWord(words[i]!, i === words.length - 1)) return undefined;
    }
    let distance: number | undefined;
    if (q.near) {
      distance = this.distanceFrom(p.place!, q.near.lat, q.near.lng);
      if (p.radius !== Infinity && (distance === undefined || distance > p.radius)) {
        return undefined;
      }
    }
    return distance === undefined ? {} : { distance };
  }

  /** Whether a query word matches a word of the listing, as the engine expands it. */
  private hasWord(word: string, isLast: boolean): boolean {
    const known = isLast ? this.lastWords : this.otherWords;
    let found = known.get(word);
    if (found === undefined) {
      found = this.vocabulary.expand(word, isLast).size > 0;
      known.set(word, found);
    }
    return found;
  }

  private distanceFrom(place: string, lat: number, lng: number): number | undefined {
    let miles = this.distances.get(place);
    if (miles === undefined) {
      const point = this.entry.point;
      miles = point ? haversineMilesBetween(lat, lng, point.lat, point.lng) : NaN;
      this.distances.set(place, miles);
    }
    return miles === miles ? miles : undefined;
  }
}
