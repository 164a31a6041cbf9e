import { matchTypos, typoBudget } from '../text';

/** How many query words' expansions are kept at most. */
const MAX_CACHED_EXPANSIONS = 20_000;

/** First index in `sorted` whose word is not below `word` (binary search). */
function lowerBound(sorted: readonly string[], word: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Whether a word whose first letter differs from the query's can be within one edit of it (or of
 * a prefix of it). That one edit must then be at the start (a substitution, insertion, deletion
 * or swap there) and the letters after it must agree, which this checks on the next two letters:
 * a cheap test that skips the edit distance for almost every word of the dictionary.
 */
const mayBeOneEditAtStart = (query: string, word: string): boolean =>
  (word[1] === query[1] && word[2] === query[2]) || // substitution
  (word[1] === query[0] && word[2] === query[1]) || // insertion before the query
  (word[0] === query[1] && word[1] === query[2]) || // first letter deleted
  (word[0] === query[1] && word[1] === query[0] && word[2] === query[2]); // first two swapped

/**
 * The dictionary of indexed words, kept sorted so the words starting with a prefix are one range.
 * Expands a query word into the indexed words it matches under the typo and prefix rules of
 * `../text` (the same rules the Orama adapter and Meilisearch follow).
 */
export class Vocabulary {
  /** How many listings hold each word. */
  private readonly counts = new Map<string, number>();
  private readonly sorted: string[] = [];
  /**
   * Expansions already computed, for the dictionary as it is: the words of a dictionary change
   * far less often than listings do (a new listing mostly repeats known words), and a search
   * spends much of its time expanding. Emptied whenever a word enters or leaves.
   */
  private readonly expansions = new Map<string, ReadonlyMap<string, number>>();

  get size(): number {
    return this.counts.size;
  }

  add(word: string): void {
    const n = this.counts.get(word);
    if (n !== undefined) {
      this.counts.set(word, n + 1);
      return;
    }
    this.counts.set(word, 1);
    this.sorted.splice(lowerBound(this.sorted, word), 0, word);
    this.expansions.clear();
  }

  remove(word: string): void {
    const n = this.counts.get(word);
    if (n === undefined) return;
    if (n > 1) {
      this.counts.set(word, n - 1);
      return;
    }
    this.counts.delete(word);
    const at = lowerBound(this.sorted, word);
    if (this.sorted[at] === word) this.sorted.splice(at, 1);
    this.expansions.clear();
  }

  clear(): void {
    this.counts.clear();
    this.sorted.length = 0;
    this.expansions.clear();
  }

  /**
   * The indexed words `query` matches, each with its typo count. `isLast` marks the final word of
   * the query, which also matches as the beginning of longer words.
   */
  expand(query: string, isLast: boolean): ReadonlyMap<string, number> {
    const key = isLast ? `+${query}` : query;
    let found = this.expansions.get(key);
    if (!found) {
      if (this.expansions.size >= MAX_CACHED_EXPANSIONS) this.expansions.clear();
      found = this.compute(query, isLast);
      this.expansions.set(key, found);
    }
    return found;
  }

  private compute(query: string, isLast: boolean): Map<string, number> {
    const out = new Map<string, number>();
    if (query === '') return out;
    const budget = typoBudget(query);
    if (budget === 0) {
      if (!isLast) {
        if (this.counts.has(query)) out.set(query, 0);
        return out;
      }
      for (let i = lowerBound(this.sorted, query); i < this.sorted.length; i++) {
        const word = this.sorted[i]!;
        if (!word.startsWith(query)) break;
        out.set(word, 0);
      }
      return out;
    }
    const minLength = query.length - budget;
    const maxLength = isLast ? Infinity : query.length + budget;
    const consider = (word: string) => {
      if (word.length < minLength || word.length > maxLength) return;
      const typos = matchTypos(query, word, isLast);
      if (typos !== undefined) out.set(word, typos);
    };
    // A wrong first letter costs two typos, so with a budget of one the first letter is right.
    const first = query[0]!;
    for (let i = lowerBound(this.sorted, first); i < this.sorted.length; i++) {
      const word = this.sorted[i]!;
      if (word[0] !== first) break;
      consider(word);
    }
    if (budget >= 2) {
      for (const word of this.sorted) {
        if (word[0] !== first && mayBeOneEditAtStart(query, word)) consider(word);
      }
    }
    return out;
  }
}
