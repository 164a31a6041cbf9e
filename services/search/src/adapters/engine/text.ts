/**
 * Word matching rules for the in-process engine, written to mirror Meilisearch's documented
 * behaviour so both engines answer a query alike: Damerau-Levenshtein typos (a swap of two
 * neighbouring letters is one typo), no typos below 5 letters, one from 5, two from 9, a typo on
 * the first letter costs two, and the last query word also matches as a prefix.
 */

/** Minimum word length for one typo, and for two (Meilisearch `minWordSizeForTypos`). */
export const ONE_TYPO_MIN_LENGTH = 5;
export const TWO_TYPOS_MIN_LENGTH = 9;

const SEPARATORS = /[^\p{L}\p{N}]+/u;
const COMBINING_MARKS = /\p{M}+/gu;

/**
 * Splits text into lower-case, accent-free words, each once, in first-seen order. Hyphens and
 * apostrophes separate words ("like-new" is "like" and "new"), as they do in Meilisearch.
 */
export function tokenize(text: string): string[] {
  return [...new Set(words(text))];
}

/** Every word of `text` in order, repeats included (term frequencies count them). */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .split(SEPARATORS)
    .filter((w) => w !== '');
}

/** How many typos a query word of this length may carry. */
export function typoBudget(word: string): number {
  if (word.length >= TWO_TYPOS_MIN_LENGTH) return 2;
  if (word.length >= ONE_TYPO_MIN_LENGTH) return 1;
  return 0;
}

/** Three rolling rows of the distance table, grown as needed and reused by every call. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions) between
 * `a.slice(aFrom)` and `b.slice(bFrom)`, giving up and returning `max + 1` as soon as it must
 * exceed `max`. With `prefix`, the distance to the closest beginning of `b.slice(bFrom)` instead.
 * One table for every prefix, no substrings and no allocation: the dictionary scan runs it on
 * thousands of words per query.
 */
function osa(
  a: string,
  aFrom: number,
  b: string,
  bFrom: number,
  max: number,
  prefix: boolean,
): number {
  const n = a.length - aFrom;
  // Beyond n + max letters of b no prefix can be within max edits.
  const m = prefix ? Math.min(b.length - bFrom, n + max) : b.length - bFrom;
  if (!prefix && Math.abs(n - m) > max) return max + 1;
  if (rows[0]!.length < m + 1) rows = rows.map(() => new Int32Array(2 * (m + 1)));
  let [prevPrev, prev, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j++) prev[j] = j;
  let best = prefix ? n : max + 1; // the empty prefix, at n edits
  if (n === 0) best = 0;
  for (let i = 1; i <= n; i++) {
    const ai = a.charCodeAt(aFrom + i - 1);
    const aPrev = i > 1 ? a.charCodeAt(aFrom + i - 2) : -1;
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(bFrom + j - 1);
      let value = prev[j - 1]! + (ai === bj ? 0 : 1);
      const del = prev[j]! + 1;
      if (del < value) value = del;
      const ins = current[j - 1]! + 1;
      if (ins < value) value = ins;
      if (i > 1 && j > 1 && ai === b.charCodeAt(bFrom + j - 2) && aPrev === bj) {
        const swap = prevPrev[j - 2]! + 1;
        if (swap < value) value = swap;
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  if (prefix) {
    for (let j = 0; j <= m; j++) if (prev[j]! < best) best = prev[j]!;
  } else {
    best = prev[m]!;
  }
  return Math.min(best, max + 1);
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), giving up and
 * returning `max + 1` as soon as the distance must exceed `max`.
 */
export const boundedDamerau = (a: string, b: string, max: number): number =>
  a === b ? 0 : osa(a, 0, b, 0, max, false);

/**
 * Typos between a query word and an indexed word (or, with `prefix`, the closest beginning of
 * it), with a wrong first letter costing two.
 */
function typos(query: string, word: string, max: number, prefix: boolean): number {
  if (query.charCodeAt(0) === word.charCodeAt(0)) return osa(query, 1, word, 1, max, prefix);
  if (max < 2) return max + 1;
  return osa(query, 0, word, 0, max - 1, prefix) + 1;
}

/** Typos between a query word and an indexed word, with a wrong first letter costing two. */
export const typoCost = (query: string, word: string, max: number): number =>
  typos(query, word, max, false);

/**
 * Whether `word` (from the index) matches query word `query`, and with how many typos.
 * `isLast` marks the final query word, which also matches the beginning of longer words.
 * Returns `undefined` when it does not match.
 */
export function matchTypos(query: string, word: string, isLast: boolean): number | undefined {
  if (word === query) return 0;
  if (isLast && word.startsWith(query)) return 0;
  const budget = typoBudget(query);
  if (budget === 0) return undefined;
  const best = typos(query, word, budget, isLast);
  return best <= budget ? best : undefined;
}
